indexsiteSearchChunk([["Aneby",0,"aneby","x"],
["Värnamo",1,"värnamo","x"],
["Waxholm",2,"waxholm","x"],
["Zinkgruvan",3,"zinkgruvan","x"],
["Åland",4,"åland","x"],
["Ängelholm",5,"ängelholm","x"],
["Örebro",6,"örebro","x"]]);
