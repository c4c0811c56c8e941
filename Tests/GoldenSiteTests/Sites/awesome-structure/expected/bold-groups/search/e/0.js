indexsiteSearchChunk([["Docs",0,"docs","Writing them."],
["Docker",2,"docker","Images and containers."],
["Jenkins",3,"jenkins","Builds on every push."],
["Rails",5,"rails","Convention over configuration."],
["GraphQL",6,"graphql","Ask for what you need."]]);
