//! The tests of `src/cli/target.rs` that were its unit tests.

use taflkit::cli::target::*;

#[test]
fn a_failure_part_way_leaves_no_file_and_no_new_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let first = tmp.path().join("new/deeper/a.png");
    // The second file's folder would be a regular file: cannot be made.
    std::fs::write(tmp.path().join("plain"), b"x").unwrap();
    let second = tmp.path().join("plain/b.png");
    let r = write_all_atomically(&[(&first, b"one"), (&second, b"two")]);
    assert!(r.is_err());
    assert!(!tmp.path().join("new").exists(), "a folder it made stayed");
    let left: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().flatten().collect();
    assert_eq!(left.len(), 1, "{left:?}");
}

#[test]
fn all_files_are_written_when_all_can_be() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("k/a.png"), tmp.path().join("k/b.png"));
    write_all_atomically(&[(&a, b"one"), (&b, b"two")]).unwrap();
    assert_eq!(std::fs::read(&a).unwrap(), b"one");
    assert_eq!(std::fs::read(&b).unwrap(), b"two");
    assert_eq!(std::fs::read_dir(tmp.path().join("k")).unwrap().count(), 2);
}

#[test]
fn parts_of_a_killed_run_are_removed_and_a_running_ones_kept() {
    let tmp = tempfile::tempdir().unwrap();
    // No process has this id (above the kernel's pid_max).
    let stale = tmp.path().join(".taflkit-99999999-abc.part");
    let ours = tmp
        .path()
        .join(format!(".taflkit-{}-xyz.part", std::process::id()));
    std::fs::write(&stale, b"half").unwrap();
    std::fs::write(&ours, b"being written").unwrap();
    write_atomically(&tmp.path().join("kit.pdf"), b"%PDF").unwrap();
    assert!(!stale.exists());
    assert!(ours.exists());
}
