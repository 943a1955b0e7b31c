//! Where a kit may be written. A target is a new path or an existing
//! regular file, never a device, a pipe or a folder, never one of the
//! build's own inputs (the variant file) and never inside the theme folder.
//! A symbolic link is followed: the file it points to is replaced and the
//! link stays, under the same checks; a link that points nowhere is
//! refused. Missing folders on the way are created. Writes are atomic: a
//! failure or a kill never leaves a half-written file or clobbers an old
//! one; an interrupt (SIGINT, SIGTERM, SIGHUP) while writing removes the
//! parts and folders the write created before the process ends.

use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;

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
    write_all_atomically(&[(path, bytes)])
}

/// Writes every file of one command, all or nothing: each is written
/// complete beside its target (`.taflkit-PID-….part`) before any is
/// renamed over its target, so a full disk or an error while writing the
/// fifth PNG page leaves none of them; folders this call created are
/// removed again on failure. Parts left by a run that was killed (its
/// process is gone) are removed from the folders written to.
pub fn write_all_atomically(files: &[(&Path, &[u8])]) -> Result<(), Failure> {
    interrupts::watch();
    let mut created: Vec<PathBuf> = Vec::new();
    let staged = stage(files, &mut created);
    let result = staged.and_then(|parts| {
        // An interrupt now waits until every part is renamed: all or
        // nothing holds whichever comes first.
        let mut pending = interrupts::lock();
        for ((path, _), part) in files.iter().zip(parts) {
            part.persist(path)
                .map_err(|e| refuse(path, format!("cannot write: {}", e.error)))?;
        }
        pending.clear();
        Ok(())
    });
    if result.is_err() {
        // Innermost first; a folder someone else filled meanwhile stays.
        for dir in created.iter().rev() {
            let _ = std::fs::remove_dir(dir);
        }
    }
    interrupts::lock().clear();
    result
}

/// What an interrupt removes: the parts and folders the write in progress
/// has created, in order of creation.
static CREATED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Interrupts during a write. A thread waits for SIGINT, SIGTERM and
/// SIGHUP (signal-hook: the handler itself only wakes it, as a signal
/// handler may do little else), removes what the write in progress
/// created, and ends the process as the signal would have (status 128 +
/// the signal's number). Installed by the first write, so commands that
/// write nothing keep the default.
mod interrupts {
    use super::CREATED;
    use std::path::PathBuf;
    use std::sync::{MutexGuard, Once};

    /// Test hook: `TAFLKIT_TEST_SLOW_WRITE_MS` waits this long after each
    /// part is written, so a test can interrupt a write half-way. Not for
    /// use otherwise.
    pub const SLOW_WRITE: &str = "TAFLKIT_TEST_SLOW_WRITE_MS";

    pub fn watch() {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
            else {
                return;
            };
            std::thread::spawn(move || {
                if let Some(sig) = signals.forever().next() {
                    remove_created(&mut lock());
                    std::process::exit(128 + sig);
                }
            });
        });
    }

    pub fn lock() -> MutexGuard<'static, Vec<PathBuf>> {
        CREATED.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Notes a part or folder just created.
    pub fn note(path: PathBuf) {
        lock().push(path);
    }

    fn remove_created(created: &mut Vec<PathBuf>) {
        for p in created.drain(..).rev() {
            if std::fs::remove_file(&p).is_err() {
                let _ = std::fs::remove_dir(&p);
            }
        }
    }

    pub fn slow_down() {
        if let Some(ms) = std::env::var(SLOW_WRITE)
            .ok()
            .and_then(|v| v.parse::<u64>().ok())
        {
            std::thread::sleep(std::time::Duration::from_millis(ms.min(60_000)));
        }
    }
}

/// Writes each file to a part beside its target; parts are removed when
/// dropped, so an error part-way removes those already written.
fn stage(
    files: &[(&Path, &[u8])],
    created: &mut Vec<PathBuf>,
) -> Result<Vec<tempfile::TempPath>, Failure> {
    use std::io::Write;
    let mut parts = Vec::new();
    for (path, bytes) in files {
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let fail = |e: std::io::Error| refuse(path, format!("cannot write: {e}"));
        create_folders(&dir, created)?;
        remove_stale_parts(&dir);
        let mut tmp = tempfile::Builder::new()
            .prefix(&format!("{PART_PREFIX}{}-", std::process::id()))
            .suffix(".part")
            .tempfile_in(&dir)
            .map_err(fail)?;
        interrupts::note(tmp.path().to_path_buf());
        tmp.write_all(bytes).map_err(fail)?;
        tmp.as_file().sync_all().map_err(fail)?;
        // A temporary file is private (0600); the kit should get the
        // permissions of the file it replaces, or the usual ones for a new
        // file.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let perms = std::fs::metadata(path)
                .map(|m| m.permissions())
                .unwrap_or_else(|_| std::fs::Permissions::from_mode(0o644));
            tmp.as_file().set_permissions(perms).map_err(fail)?;
        }
        parts.push(tmp.into_temp_path());
        interrupts::slow_down();
    }
    Ok(parts)
}

/// The start of the name of a part being written.
const PART_PREFIX: &str = ".taflkit-";

/// Creates `dir` and its missing parents, noting each one created.
fn create_folders(dir: &Path, created: &mut Vec<PathBuf>) -> Result<(), Failure> {
    let missing: Vec<&Path> = dir
        .ancestors()
        .take_while(|d| !d.as_os_str().is_empty() && !d.exists())
        .collect();
    for d in missing.into_iter().rev() {
        std::fs::create_dir(d)
            .map_err(|e| refuse(d, format!("cannot create the folder for the output: {e}")))?;
        interrupts::note(d.to_path_buf());
        created.push(d.to_path_buf());
    }
    Ok(())
}

/// Removes `.taflkit-PID-….part` files in `dir` whose process is gone: a
/// run killed while writing (a part of a run still going is left alone).
fn remove_stale_parts(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(rest) = name.strip_prefix(PART_PREFIX) else {
            continue;
        };
        if !name.ends_with(".part") {
            continue;
        }
        let pid = rest.split('-').next().and_then(|p| p.parse::<u32>().ok());
        let alive = pid.is_some_and(|p| Path::new("/proc").join(p.to_string()).exists());
        // Without /proc nothing can be told; parts of unknown runs stay.
        if pid.is_some() && !alive && Path::new("/proc/self").exists() {
            let _ = std::fs::remove_file(e.path());
        }
    }
}
