indexsiteSearchChunk([["Scintilla",1,"scintilla","Editing component."],
["Emmet",2,"emmet","Abbreviations."],
["curl",4,"curl","Transfers data."],
["libuv",4,"libuv","Asynchronous I/O."]]);
