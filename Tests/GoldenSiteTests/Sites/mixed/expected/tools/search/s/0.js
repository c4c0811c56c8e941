indexsiteSearchChunk({"w":["chisel","file","hammer","metal","tape","wood"],
"p":[[2],
[0],
[1,2],
[0,1,2],
[4],
[1,1,1]]});
