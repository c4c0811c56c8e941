indexsiteSearchChunk([["File",0,"file",""],
["Hammer",0,"hammer",""],
["Chisel",1,"chisel",""],
["Hammer",1,"hammer-2",""],
["Tape",2,"tape",""]]);
