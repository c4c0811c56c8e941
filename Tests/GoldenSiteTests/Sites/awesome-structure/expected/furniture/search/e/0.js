indexsiteSearchChunk([["Flat brush",0,"flat-brush","Straight edges."],
["Round brush",0,"round-brush","Fine lines."],
["Fan brush",0,"fan-brush","Blending."],
["Foam roller",1,"foam-roller","Smooth finish."],
["Nap roller",1,"nap-roller","Rough walls."]]);
