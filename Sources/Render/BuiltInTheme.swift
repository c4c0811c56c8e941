/// The built-in theme: the files of the package's `Templates/` folder by path (`layout.mustache`,
/// `assets/indexsite.css`, `strings/sv.yml`), compiled into the library by the EmbedTemplates build-tool plugin
/// (`BuiltInTheme.files` is generated), so an installed binary works in any folder.
enum BuiltInTheme {}
