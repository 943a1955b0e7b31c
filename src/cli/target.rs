//! Where a kit may be written. A target is a new path or an existing
//! regular file, never a device, a pipe or a folder, never one of the
//! build's own inputs (the variant file) and never inside the theme folder.
//! A symbolic link is followed: the file it points to is replaced and the
//! link stays, under the same checks; a link that points nowhere is
//! refused. Missing folders on the way are created. Writes are atomic: a
//! failure or a kill never leaves a half-written file or clobbers an old
//! one.

use std::path::{Component, Path, PathBuf};

use crate::error::{Diagnostic, Failure};

/// The files and folders a build reads from.
#[derive(Clone, Debug, Default)]
pub struct Inputs {
    /// Variant files (and other single files read).
    pub files: Vec<PathBuf>,
    /// Theme folders: nothing is written anywhere inside them.
    pub folders: Vec<PathBuf>,
}

fn refuse(path: &Path, message: impl Into<String>) -> Failure {
    Failure::new(Diagnostic::error(path.display().to_string(), message))
}

/// Checks that `path` may be written and returns the path to write to
/// (the file a symbolic link points to, or `path` itself).
pub fn check(path: &Path, inputs: &Inputs) -> Result<PathBuf, Failure> {
    let real = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => std::fs::canonicalize(path).map_err(|_| {
            refuse(
                path,
                "is a symbolic link that points to nothing; remove it or choose another name",
            )
        })?,
        Ok(_) => path.to_path_buf(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => path.to_path_buf(),
        Err(e) => return Err(refuse(path, format!("cannot check the target: {e}"))),
    };
    if let Ok(meta) = std::fs::metadata(&real)
        && !meta.is_file()
    {
        let what = if meta.is_dir() {
            "a folder"
        } else {
            "not a regular file (a device or a pipe)"
        };
        return Err(refuse(
            path,
            format!(
                "is {what}; taflkit only writes new files or replaces regular files (give a file name such as kit.pdf)"
            ),
        ));
    }
    let abs = absolute(&real);
    for f in &inputs.files {
        if same_file(&abs, f) {
            return Err(refuse(
                path,
                "is the variant file this kit is built from; choose another output name",
            ));
        }
    }
    for d in &inputs.folders {
        if let Ok(dir) = std::fs::canonicalize(d)
            && abs.starts_with(&dir)
        {
            return Err(refuse(
                path,
                format!(
                    "is inside the theme folder {}; write the kit somewhere else",
                    d.display()
                ),
            ));
        }
    }
    Ok(real)
}

/// `path` made absolute with every existing part resolved (symbolic
/// links, `..`), so two names of one file compare equal.
fn absolute(path: &Path) -> PathBuf {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let parts: Vec<Component> = abs.components().collect();
    // The longest leading part that exists is resolved by the system; the
    // rest does not exist yet, so it has no links and `..` simply climbs.
    for k in (1..=parts.len()).rev() {
        let head: PathBuf = parts[..k].iter().collect();
        if let Ok(mut base) = std::fs::canonicalize(&head) {
            for c in &parts[k..] {
                match c {
                    Component::ParentDir => {
                        base.pop();
                    }
                    Component::CurDir => {}
                    other => base.push(other),
                }
            }
            return base;
        }
    }
    abs
}

fn same_file(abs: &Path, input: &Path) -> bool {
    if std::fs::canonicalize(input).is_ok_and(|i| i == abs) {
        return true;
    }
    // A hard link is the same file under another name.
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(a), Ok(b)) = (std::fs::metadata(abs), std::fs::metadata(input)) {
            return a.dev() == b.dev() && a.ino() == b.ino();
        }
    }
    false
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder,
/// renamed over the target only once complete. Missing folders are created.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    use std::io::Write;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let fail = |e: std::io::Error| refuse(path, format!("cannot write: {e}"));
    std::fs::create_dir_all(&dir).map_err(|e| {
        refuse(
            &dir,
            format!("cannot create the folder for the output: {e}"),
        )
    })?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".taflkit-")
        .suffix(".part")
        .tempfile_in(&dir)
        .map_err(fail)?;
    tmp.write_all(bytes).map_err(fail)?;
    tmp.as_file().sync_all().map_err(fail)?;
    // A temporary file is private (0600); the kit should get the
    // permissions of the file it replaces, or the usual ones for a new file.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let perms = std::fs::metadata(path)
            .map(|m| m.permissions())
            .unwrap_or_else(|_| std::fs::Permissions::from_mode(0o644));
        tmp.as_file().set_permissions(perms).map_err(fail)?;
    }
    tmp.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}
