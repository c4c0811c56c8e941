indexsiteSearchChunk([["Ampersand",0,"ampersand","The & sign."],
["Kerning",1,"kerning","Space between pairs of letters."]]);
