indexsiteSearchChunk([["Vim",0,"vim","Modal editor; help at https://vimhelp.org."],
["Emacs",0,"emacs","~~An editor~~ A way of life (see https://en.wikipedia.org/wiki/Emacs\\_(editor))."],
["Fish",1,"fish","Friendly shell; write to fish@example.org."],
["Nushell - not reviewed yet.",1,"nushell-not-reviewed-yet",""],
["Zsh - reviewed.",1,"zsh-reviewed",""]]);
