indexsiteSearchChunk([["Release checklist",0,"release-checklist",""]]);
