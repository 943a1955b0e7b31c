//! The `taflkit` command: parse arguments, run, report.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = taflkit::cli::args::Cli::parse();
    match taflkit::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            taflkit::cli::report::failure(&failure);
            ExitCode::from(1)
        }
    }
}
