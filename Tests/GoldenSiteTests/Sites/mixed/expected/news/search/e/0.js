indexsiteSearchChunk([["Apple prices",0,"apple-prices","Up again. Gazette"],
["Bridge reopens",0,"bridge-reopens","Traffic flows again. Gazette"],
["Harvest fair",1,"harvest-fair","Pumpkins. Herald"]]);
