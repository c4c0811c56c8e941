indexsiteSearchChunk({"w":["checklist","release"],
"p":[[0],
[0]]});
