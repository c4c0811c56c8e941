indexsiteSearchChunk([["Page",0,"page",""],
["Part",0,"part","Page"]]);
