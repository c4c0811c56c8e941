indexsiteSearchChunk([["Émile",0,"émile","Rousseau 1762"],
["hobbit",1,"hobbit","Lower case. Someone 2000"],
["The Hobbit",1,"the-hobbit","A small hero, a big dragon. Tolkien 1937"],
["A Tale of Two Cities",2,"a-tale-of-two-cities","Two cities; see notes. Dickens 1859"],
["1984",3,"1984","\u003cscript>alert(1)\u003c/script> Big Brother. Orwell 1949"]]);
