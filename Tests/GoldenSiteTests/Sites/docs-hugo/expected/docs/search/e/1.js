indexsiteSearchChunk([["Step 1: Install Hugo",10,"step-1-install-hugo","Quick Start"],
["strings.Contains",10,"strings-contains",""],
["strings.HasPrefix",10,"strings-hasprefix",""],
["strings.Replace",10,"strings-replace",""],
["Über config.toml",11,"über-config-toml","Quick Start"],
["--verbose flag",12,"verbose-flag","Release Notes"]]);
