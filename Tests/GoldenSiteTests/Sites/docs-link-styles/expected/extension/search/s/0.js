indexsiteSearchChunk({"w":["page","part"],
"p":[[0,1],
[1]]});
