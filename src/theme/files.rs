//! Where a theme's files come from: a folder on disk (untrusted, so every
//! path is confined to the folder and every read is capped) or the copies of
//! the built-in themes embedded in the binary.
//!
//! A folder is opened once, as a handle, and each file is opened once,
//! relative to that handle, by the kernel with `openat2(RESOLVE_BENEATH)`:
//! a symbolic link is followed only while it stays inside the folder, and
//! the bytes read are those of the file that was checked, so swapping a
//! file for a link between a check and the read (a race) cannot lead out.
//! Where `openat2` is missing (Linux before 5.6) each component is opened
//! with `O_NOFOLLOW` and every link is refused.

use std::io::Read;
use std::os::fd::OwnedFd;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};

use rustix::fs::{Mode, OFlags, ResolveFlags};
use rustix::io::Errno;

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
    /// the path as the person wrote it, for messages; `dir` is the folder
    /// opened once, which every file is opened relative to.
    Folder {
        root: PathBuf,
        shown: PathBuf,
        dir: Arc<OwnedFd>,
    },
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
        let dir = rustix::fs::open(
            path,
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        )
        .map_err(|e| format!("cannot open theme folder: {}", plain_io(&e.into())))?;
        let root = path
            .canonicalize()
            .map_err(|e| format!("cannot open theme folder: {}", plain_io(&e)))?;
        Ok(Source::Folder {
            root,
            shown: path.to_path_buf(),
            dir: Arc::new(dir),
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
            Source::Folder { dir, .. } => {
                rustix::fs::statat(&**dir, rel, rustix::fs::AtFlags::SYMLINK_NOFOLLOW).is_ok()
            }
        }
    }

    /// Reads a file of the theme, at most `cap` bytes. `what` names the
    /// kind of file in messages ("SVG art", "font").
    pub fn read(&self, rel: &str, cap: u64, what: &str) -> Result<Vec<u8>, String> {
        match self {
            Source::Embedded { id } => builtin::file(id, rel)
                .map(<[u8]>::to_vec)
                .ok_or_else(|| format!("'{rel}' is not part of the built-in theme")),
            Source::Folder { root, dir, .. } => {
                let parts = checked_parts(rel)?;
                let hook = BEFORE_OPEN.lock().ok().and_then(|h| *h);
                if let Some(hook) = hook {
                    hook(root, rel);
                }
                let file = open_beneath(dir, rel, &parts)?;
                read_handle(file, rel, cap, what)
            }
        }
    }
}

/// A function the tests run just before a theme file is opened, to swap
/// the file for a link at the worst moment (see [`set_before_open`]).
type Hook = fn(&Path, &str);
static BEFORE_OPEN: Mutex<Option<Hook>> = Mutex::new(None);

/// Runs `hook(folder, file)` just before each theme file is opened; for
/// tests that swap a file for a link between the path check and the open.
#[doc(hidden)]
pub fn set_before_open(hook: Option<Hook>) {
    if let Ok(mut h) = BEFORE_OPEN.lock() {
        *h = hook;
    }
}

/// Opens `rel` (already checked by [`checked_parts`]) inside the folder
/// `dir`, never leaving it: links are followed only while they stay inside.
fn open_beneath(dir: &OwnedFd, rel: &str, parts: &[&str]) -> Result<OwnedFd, String> {
    // Non-blocking, so that a FIFO opens at once (and is then refused as not
    // a regular file) instead of waiting for a writer.
    let flags = OFlags::RDONLY | OFlags::CLOEXEC | OFlags::NONBLOCK | OFlags::NOCTTY;
    let how = ResolveFlags::BENEATH | ResolveFlags::NO_MAGICLINKS;
    match rustix::fs::openat2(dir, rel, flags, Mode::empty(), how) {
        Err(Errno::NOSYS) => open_nofollow(dir, rel, parts, flags),
        r => r.map_err(|e| open_error(rel, e)),
    }
}

/// The fallback without `openat2`: one component at a time, no links.
fn open_nofollow(
    dir: &OwnedFd,
    rel: &str,
    parts: &[&str],
    flags: OFlags,
) -> Result<OwnedFd, String> {
    let Some((last, folders)) = parts.split_last() else {
        return Err("the path is empty".into());
    };
    let nofollow = OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let mut here: Option<OwnedFd> = None;
    for part in folders {
        let at = here.as_ref().unwrap_or(dir);
        let next = rustix::fs::openat(at, *part, nofollow | OFlags::DIRECTORY, Mode::empty())
            .map_err(|e| open_error(rel, e))?;
        here = Some(next);
    }
    rustix::fs::openat(
        here.as_ref().unwrap_or(dir),
        *last,
        flags | nofollow,
        Mode::empty(),
    )
    .map_err(|e| open_error(rel, e))
}

fn open_error(rel: &str, e: Errno) -> String {
    match e {
        Errno::NOENT => format!("'{rel}' does not exist in the theme folder"),
        // EXDEV: the path (through a link or `..`) would leave the folder;
        // ELOOP: a link where none may be followed, or a loop of links.
        Errno::XDEV | Errno::LOOP => {
            format!("'{rel}' leads outside the theme folder (through a symbolic link)")
        }
        Errno::NOTDIR => format!("'{rel}' passes through something that is not a folder"),
        e => format!("cannot open '{rel}': {}", plain_io(&e.into())),
    }
}

/// Checks a path written in theme.toml before anything is opened, and
/// returns its components with `.` and `..` resolved.
fn checked_parts(rel: &str) -> Result<Vec<&str>, String> {
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
    let mut parts: Vec<&str> = Vec::new();
    for c in p.components() {
        match c {
            Component::Normal(n) => parts.push(n.to_str().unwrap_or_default()),
            Component::CurDir => {}
            Component::ParentDir => {
                if parts.pop().is_none() {
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
    Ok(parts)
}

/// Reads at most `cap` bytes from an opened theme file: a regular file
/// only, refused by its size before reading (so a 2 GB file costs
/// nothing).
fn read_handle(file: OwnedFd, rel: &str, cap: u64, what: &str) -> Result<Vec<u8>, String> {
    let stat = rustix::fs::fstat(&file).map_err(|e| open_error(rel, e))?;
    if rustix::fs::FileType::from_raw_mode(stat.st_mode) != rustix::fs::FileType::RegularFile {
        return Err("is not a regular file (it is a folder, a device or a pipe)".into());
    }
    let size = u64::try_from(stat.st_size).unwrap_or(0);
    let name = Path::new(rel)
        .file_name()
        .map_or(rel.into(), |n| n.to_string_lossy());
    if size > cap {
        return Err(format!(
            "'{name}' is {}; {what} may be at most {}",
            human_size(size),
            human_size(cap)
        ));
    }
    let mut bytes = Vec::new();
    // The file may grow between the size check and the read.
    std::fs::File::from(file)
        .take(cap + 1)
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

pub fn human_size(n: u64) -> String {
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
