indexsiteSearchChunk([["Ergo",0,"ergo","Actors with network transparency."],
["cobra",2,"cobra","Commands and flags."],
["The Go Book",4,"the-go-book","Learning Go."]]);
