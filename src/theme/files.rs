//! Where a theme's files come from: a folder on disk (untrusted, so every
//! path is confined to the folder and every read is capped) or the copies of
//! the built-in themes embedded in the binary.

use std::io::Read;
use std::path::{Component, Path, PathBuf};

use super::builtin;

/// Largest `theme.toml` we read.
pub const TOML_MAX_BYTES: u64 = 64 * 1024;
/// Largest SVG drawing we read.
pub const SVG_MAX_BYTES: u64 = 1024 * 1024;
/// Largest font file we read.
pub const FONT_MAX_BYTES: u64 = 4 * 1024 * 1024;
/// Largest story or introduction we read.
pub const TEXT_MAX_BYTES: u64 = 64 * 1024;

/// The files of one theme.
#[derive(Clone, Debug)]
pub enum Source {
    /// A folder given on the command line. `root` is canonical; `shown` is
    /// the path as the person wrote it, for messages.
    Folder { root: PathBuf, shown: PathBuf },
    /// A built-in theme, by id.
    Embedded { id: &'static str },
}

impl Source {
    /// Opens a theme folder: it must exist and be a folder.
    pub fn folder(path: &Path) -> Result<Source, String> {
        let meta = std::fs::metadata(path)
            .map_err(|e| format!("cannot open theme folder: {}", plain_io(&e)))?;
        if !meta.is_dir() {
            return Err("a theme is a folder holding theme.toml, not a file".into());
        }
        let root = path
            .canonicalize()
            .map_err(|e| format!("cannot open theme folder: {}", plain_io(&e)))?;
        Ok(Source::Folder {
            root,
            shown: path.to_path_buf(),
        })
    }

    /// How a file of this theme is named in messages.
    pub fn label(&self, rel: &str) -> String {
        match self {
            Source::Folder { shown, .. } => shown.join(rel).display().to_string(),
            Source::Embedded { id } => format!("themes/{id}/{rel}"),
        }
    }

    /// A short name for the theme's id: the built-in id, or the folder's
    /// name reduced to lowercase letters, digits and '-'.
    pub fn id(&self) -> String {
        match self {
            Source::Embedded { id } => (*id).to_string(),
            Source::Folder { root, .. } => {
                let name = root
                    .file_name()
                    .map(|n| n.to_string_lossy().to_lowercase())
                    .unwrap_or_default();
                let id: String = name
                    .chars()
                    .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
                    .collect();
                let id = id.trim_matches('-').to_string();
                if id.is_empty() { "custom".into() } else { id }
            }
        }
    }

    /// Whether the file is there (used for optional files such as
    /// `story.md`). A file that is there but may not be read (a link out
    /// of the folder, a device) counts as there, so that reading it
    /// reports the problem instead of silently using a default.
    pub fn exists(&self, rel: &str) -> bool {
        match self {
            Source::Embedded { id } => builtin::file(id, rel).is_some(),
            Source::Folder { root, .. } => std::fs::symlink_metadata(root.join(rel)).is_ok(),
        }
    }

    /// Reads a file of the theme, at most `cap` bytes. `what` names the
    /// kind of file in messages ("SVG art", "font").
    pub fn read(&self, rel: &str, cap: u64, what: &str) -> Result<Vec<u8>, String> {
        match self {
            Source::Embedded { id } => builtin::file(id, rel)
                .map(<[u8]>::to_vec)
                .ok_or_else(|| format!("'{rel}' is not part of the built-in theme")),
            Source::Folder { .. } => {
                let path = self.resolve(rel)?;
                read_capped(&path, cap, what)
            }
        }
    }

    /// Turns a path written in theme.toml into a file inside the folder.
    fn resolve(&self, rel: &str) -> Result<PathBuf, String> {
        let Source::Folder { root, .. } = self else {
            return Err("not a folder".into());
        };
        let p = Path::new(rel);
        if rel.is_empty() {
            return Err("the path is empty".into());
        }
        if rel.contains('\0') {
            return Err("the path contains a NUL character".into());
        }
        if p.is_absolute() || rel.starts_with('/') || rel.starts_with('\\') {
            return Err(format!(
                "'{rel}' is an absolute path; theme files are named relative to the theme folder"
            ));
        }
        // A `..` that climbs above the folder is refused before touching the
        // file system, so the message is about the path, not about a file.
        let mut depth = 0i32;
        for c in p.components() {
            match c {
                Component::Normal(_) => depth += 1,
                Component::CurDir => {}
                Component::ParentDir => {
                    depth -= 1;
                    if depth < 0 {
                        return Err(format!("'{rel}' leaves the theme folder"));
                    }
                }
                Component::RootDir | Component::Prefix(_) => {
                    return Err(format!(
                        "'{rel}' is an absolute path; theme files are named relative to the theme folder"
                    ));
                }
            }
        }
        let joined = root.join(p);
        let real = joined.canonicalize().map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => format!("'{rel}' does not exist in the theme folder"),
            _ => format!("cannot open '{rel}': {}", plain_io(&e)),
        })?;
        // Symbolic links are followed by canonicalize; where they lead must
        // still be inside the folder.
        if !real.starts_with(root) {
            return Err(format!(
                "'{rel}' leads outside the theme folder (through a symbolic link)"
            ));
        }
        Ok(real)
    }
}

/// Reads at most `cap` bytes of a regular file, refusing larger files by
/// their size before reading (so a 2 GB file costs nothing) and refusing
/// devices, pipes and folders.
pub fn read_capped(path: &Path, cap: u64, what: &str) -> Result<Vec<u8>, String> {
    let name = path.file_name().map(|n| n.to_string_lossy().to_string());
    let name = name.unwrap_or_else(|| path.display().to_string());
    let meta =
        std::fs::metadata(path).map_err(|e| format!("cannot open '{name}': {}", plain_io(&e)))?;
    if !meta.is_file() {
        return Err("is not a regular file (it is a folder, a device or a pipe)".into());
    }
    if meta.len() > cap {
        return Err(format!(
            "'{name}' is {}; {what} may be at most {}",
            human_size(meta.len()),
            human_size(cap)
        ));
    }
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot open '{name}': {}", plain_io(&e)))?;
    let mut bytes = Vec::new();
    // The file may grow between the size check and the read.
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read '{name}': {}", plain_io(&e)))?;
    if bytes.len() as u64 > cap {
        return Err(format!(
            "'{name}' is larger than {}, the limit for {what}",
            human_size(cap)
        ));
    }
    Ok(bytes)
}

fn human_size(n: u64) -> String {
    const K: u64 = 1024;
    if n >= K * K * K {
        format!("{:.1} GiB", n as f64 / (K * K * K) as f64)
    } else if n >= K * K {
        format!("{:.1} MiB", n as f64 / (K * K) as f64)
    } else if n >= K {
        format!("{} KiB", n / K)
    } else {
        format!("{n} bytes")
    }
}

/// An I/O error as a lowercase phrase without the "(os error N)" tail.
fn plain_io(e: &std::io::Error) -> String {
    let s = e.to_string();
    let s = match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    };
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().collect::<String>() + c.as_str(),
        None => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_like_a_person_would_write_them() {
        assert_eq!(human_size(512), "512 bytes");
        assert_eq!(human_size(64 * 1024), "64 KiB");
        assert_eq!(human_size(2 * 1024 * 1024 * 1024), "2.0 GiB");
    }
}
