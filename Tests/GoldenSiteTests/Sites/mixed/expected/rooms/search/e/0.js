indexsiteSearchChunk([["Oil",0,"oil","Top up the mower."],
["Use 10W-30",0,"use-10w-30",""],
["Tools",0,"tools","Hang them up."],
["Dust the shelves",1,"dust-the-shelves",""],
["Vacuum the rug",1,"vacuum-the-rug",""]]);
