indexsiteSearchChunk([["Options",0,"options","User Guide"],
["Plain Page",1,"plain-page",""],
["Summary",2,"summary",""],
["User Guide",2,"user-guide",""],
["User Guide (2)",2,"user-guide-2",""],
["Welcome",2,"welcome",""],
["Über Box\u003cT> & more!",3,"über-box-t-more","User Guide"],
["User Guide",3,"user-guide-3",""],
["Welcome",4,"welcome-2",""]]);
