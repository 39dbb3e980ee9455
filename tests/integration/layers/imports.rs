//! The import graph of a crate's source: which file names which.
//!
//! Every module is read from `src/lib.rs` down (files found as rustc finds
//! them: `name.rs` or `name/mod.rs`; inline `mod name { ... }` blocks stay
//! in their file). A module's names are its items, its child modules and
//! what it imports (`use`, globs included). A path the code writes counts
//! when it starts at `crate`, `super`, `self` or a name in its module's
//! scope: in a `use` tree, in a type or an expression, or inside a macro's
//! body. It is resolved through imports and re-exports (`pub use`) to the
//! module that defines what it names, and so to that module's file; a path
//! into another crate counts for nothing.
//!
//! The library as it ships is read: `#[cfg(test)]` modules and items are
//! passed over (test code may look at a room's work through a room above
//! it, as a rules test drawing its board through `render` does).

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

/// One file naming another: `from` writes `text`, which names something
/// defined in `to`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Edge {
    pub from: String,
    pub to: String,
    pub text: String,
}

/// Every edge between two files of the crate whose files `files` holds
/// (path from the crate's folder, such as `src/rules/mod.rs`, to its text).
pub fn edges(files: &BTreeMap<String, String>) -> Result<Vec<Edge>, String> {
    let mut crate_ = Crate::default();
    crate_.modules.push(Module {
        path: Vec::new(),
        file: "src/lib.rs".to_string(),
        dir: "src".to_string(),
        ..Module::default()
    });
    let root = parse(files, "src/lib.rs")?;
    crate_.load(files, 0, &root.items)?;
    let mut edges = BTreeSet::new();
    for written in &crate_.written {
        let Some(path) = crate_.absolute(written.module, &written.segments) else {
            continue;
        };
        let target = crate_.resolve(&path, 0);
        let (from, to) = (
            &crate_.modules[written.module].file,
            &crate_.modules[target].file,
        );
        if from != to {
            edges.insert(Edge {
                from: from.clone(),
                to: to.clone(),
                text: written.segments.join("::"),
            });
        }
    }
    Ok(edges.into_iter().collect())
}

fn parse(files: &BTreeMap<String, String>, file: &str) -> Result<syn::File, String> {
    let text = files
        .get(file)
        .ok_or_else(|| format!("{file} is declared but not found"))?;
    syn::parse_file(text).map_err(|e| format!("{file} does not parse: {e}"))
}

#[derive(Default)]
struct Module {
    /// From the crate's root: `["rules", "chess"]`.
    path: Vec<String>,
    file: String,
    /// Where the files of its child modules are.
    dir: String,
    parent: Option<usize>,
    children: BTreeMap<String, usize>,
    /// The names its own items define.
    items: BTreeSet<String>,
    /// Each imported name and the path it names, as written.
    imports: BTreeMap<String, Vec<String>>,
    /// What its glob imports name, as written.
    globs: Vec<Vec<String>>,
}

/// A path as the code wrote it, in the module it was written in.
struct Written {
    module: usize,
    segments: Vec<String>,
}

#[derive(Default)]
struct Crate {
    modules: Vec<Module>,
    written: Vec<Written>,
}

/// Resolving a path through imports stops this deep (an import circle that
/// rustc would refuse).
const DEEPEST: usize = 32;

impl Crate {
    fn load(
        &mut self,
        files: &BTreeMap<String, String>,
        module: usize,
        items: &[syn::Item],
    ) -> Result<(), String> {
        for item in items {
            if is_test(item_attrs(item)) {
                continue;
            }
            match item {
                syn::Item::Mod(declared) => self.load_child(files, module, declared)?,
                syn::Item::Use(used) => {
                    if used.leading_colon.is_none() {
                        self.use_tree(module, Vec::new(), &used.tree);
                    }
                }
                other => {
                    if let Some(name) = item_name(other) {
                        self.modules[module].items.insert(name);
                    }
                    let mut reader = Reader {
                        crate_: self,
                        module,
                    };
                    reader.visit_item(other);
                }
            }
        }
        Ok(())
    }

    fn load_child(
        &mut self,
        files: &BTreeMap<String, String>,
        parent: usize,
        declared: &syn::ItemMod,
    ) -> Result<(), String> {
        let name = declared.ident.to_string();
        let dir = format!("{}/{name}", self.modules[parent].dir);
        let child = self.modules.len();
        let mut path = self.modules[parent].path.clone();
        path.push(name.clone());
        let file = match &declared.content {
            Some(_) => self.modules[parent].file.clone(),
            None => {
                let flat = format!("{}/{name}.rs", self.modules[parent].dir);
                if files.contains_key(&flat) {
                    flat
                } else {
                    format!("{dir}/mod.rs")
                }
            }
        };
        self.modules.push(Module {
            path,
            file: file.clone(),
            dir,
            parent: Some(parent),
            ..Module::default()
        });
        self.modules[parent].children.insert(name, child);
        match &declared.content {
            Some((_, items)) => self.load(files, child, items),
            None => {
                let parsed = parse(files, &file)?;
                self.load(files, child, &parsed.items)
            }
        }
    }

    fn use_tree(&mut self, module: usize, mut prefix: Vec<String>, tree: &syn::UseTree) {
        let import = |crate_: &mut Crate, name: String, path: Vec<String>| {
            crate_.modules[module].imports.insert(name, path.clone());
            crate_.written.push(Written {
                module,
                segments: path,
            });
        };
        match tree {
            syn::UseTree::Path(step) => {
                prefix.push(step.ident.to_string());
                self.use_tree(module, prefix, &step.tree);
            }
            syn::UseTree::Name(leaf) if leaf.ident == "self" => {
                if let Some(name) = prefix.last().cloned() {
                    import(self, name, prefix);
                }
            }
            syn::UseTree::Name(leaf) => {
                let name = leaf.ident.to_string();
                prefix.push(name.clone());
                import(self, name, prefix);
            }
            syn::UseTree::Rename(leaf) => {
                if leaf.ident != "self" {
                    prefix.push(leaf.ident.to_string());
                }
                import(self, leaf.rename.to_string(), prefix);
            }
            syn::UseTree::Glob(_) => {
                self.modules[module].globs.push(prefix.clone());
                self.written.push(Written {
                    module,
                    segments: prefix,
                });
            }
            syn::UseTree::Group(group) => {
                for tree in &group.items {
                    self.use_tree(module, prefix.clone(), tree);
                }
            }
        }
    }

    fn has_name(&self, module: usize, name: &str) -> bool {
        let module = &self.modules[module];
        module.children.contains_key(name)
            || module.items.contains(name)
            || module.imports.contains_key(name)
    }

    /// The path from the crate's root that `segments`, written in `module`,
    /// names; `None` for a path into another crate (or a local name).
    fn absolute(&self, module: usize, segments: &[String]) -> Option<Vec<String>> {
        let (first, _) = segments.split_first()?;
        let mut at = module;
        let mut rest = segments;
        match first.as_str() {
            "crate" => {
                at = 0;
                rest = &segments[1..];
            }
            "self" => rest = &segments[1..],
            "super" => {
                while rest.first().is_some_and(|s| s == "super") {
                    at = self.modules[at].parent?;
                    rest = &rest[1..];
                }
            }
            name if self.has_name(module, name) => {}
            _ => return None,
        }
        let mut path = self.modules[at].path.clone();
        path.extend(rest.iter().cloned());
        Some(path)
    }

    /// The module that defines what `path` (from the root) names: the last
    /// module it reaches, through imports and globs, before an item.
    fn resolve(&self, path: &[String], depth: usize) -> usize {
        let mut module = 0;
        for (index, segment) in path.iter().enumerate() {
            let here = &self.modules[module];
            if let Some(&child) = here.children.get(segment) {
                module = child;
                continue;
            }
            if here.items.contains(segment) || depth > DEEPEST {
                return module;
            }
            let through = here.imports.get(segment).cloned().or_else(|| {
                here.globs.iter().find_map(|glob| {
                    let glob = self.absolute(module, glob)?;
                    let found = self.resolve(&glob, depth + 1);
                    self.has_name(found, segment).then(|| {
                        let mut path = self.modules[found].path.clone();
                        path.push(segment.clone());
                        path
                    })
                })
            });
            let Some(through) = through else {
                return module;
            };
            let Some(mut target) = self.absolute(module, &through) else {
                return module;
            };
            target.extend(path[index + 1..].iter().cloned());
            return self.resolve(&target, depth + 1);
        }
        module
    }
}

/// Reads the paths an item writes, into its module's list.
struct Reader<'a> {
    crate_: &'a mut Crate,
    module: usize,
}

impl Reader<'_> {
    fn write(&mut self, segments: Vec<String>) {
        if segments.len() > 1 {
            self.crate_.written.push(Written {
                module: self.module,
                segments,
            });
        }
    }

    /// The paths in a macro's tokens: runs of `name :: name ...`.
    fn tokens(&mut self, tokens: TokenStream) {
        let mut run: Vec<String> = Vec::new();
        let mut colons = 0;
        for tree in tokens {
            match tree {
                TokenTree::Ident(ident) => {
                    if colons != 2 {
                        self.write(std::mem::take(&mut run));
                    }
                    run.push(ident.to_string());
                    colons = 0;
                }
                TokenTree::Punct(punct)
                    if punct.as_char() == ':' && !run.is_empty() && colons < 2 =>
                {
                    colons += 1;
                }
                TokenTree::Group(group) => {
                    self.write(std::mem::take(&mut run));
                    colons = 0;
                    self.tokens(group.stream());
                }
                _ => {
                    self.write(std::mem::take(&mut run));
                    colons = 0;
                }
            }
        }
        self.write(run);
    }
}

impl<'ast> Visit<'ast> for Reader<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        if is_test(item_attrs(item)) {
            return;
        }
        match item {
            syn::Item::Use(used) if used.leading_colon.is_none() => {
                self.crate_.use_tree(self.module, Vec::new(), &used.tree);
            }
            _ => syn::visit::visit_item(self, item),
        }
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        let attrs = match item {
            syn::ImplItem::Const(i) => &i.attrs,
            syn::ImplItem::Fn(i) => &i.attrs,
            syn::ImplItem::Type(i) => &i.attrs,
            syn::ImplItem::Macro(i) => &i.attrs,
            _ => return syn::visit::visit_impl_item(self, item),
        };
        if !is_test(attrs) {
            syn::visit::visit_impl_item(self, item);
        }
    }

    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {
        // Doc comments and attributes name nothing the code uses.
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() {
            self.write(path.segments.iter().map(|s| s.ident.to_string()).collect());
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.visit_path(&mac.path);
        self.tokens(mac.tokens.clone());
    }
}

fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && matches!(&attr.meta, syn::Meta::List(list) if list.tokens.to_string() == "test")
    })
}

fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Const(i) => &i.attrs,
        syn::Item::Enum(i) => &i.attrs,
        syn::Item::ExternCrate(i) => &i.attrs,
        syn::Item::Fn(i) => &i.attrs,
        syn::Item::ForeignMod(i) => &i.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Macro(i) => &i.attrs,
        syn::Item::Mod(i) => &i.attrs,
        syn::Item::Static(i) => &i.attrs,
        syn::Item::Struct(i) => &i.attrs,
        syn::Item::Trait(i) => &i.attrs,
        syn::Item::TraitAlias(i) => &i.attrs,
        syn::Item::Type(i) => &i.attrs,
        syn::Item::Union(i) => &i.attrs,
        syn::Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

/// The name an item defines in its module, if any.
fn item_name(item: &syn::Item) -> Option<String> {
    let ident = match item {
        syn::Item::Const(i) => &i.ident,
        syn::Item::Enum(i) => &i.ident,
        syn::Item::ExternCrate(i) => &i.ident,
        syn::Item::Fn(i) => &i.sig.ident,
        syn::Item::Macro(i) => i.ident.as_ref()?,
        syn::Item::Static(i) => &i.ident,
        syn::Item::Struct(i) => &i.ident,
        syn::Item::Trait(i) => &i.ident,
        syn::Item::TraitAlias(i) => &i.ident,
        syn::Item::Type(i) => &i.ident,
        syn::Item::Union(i) => &i.ident,
        _ => return None,
    };
    Some(ident.to_string())
}
