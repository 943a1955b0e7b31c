//! The `taflkit` command: parse arguments, run, report.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = match taflkit::cli::args::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap quotes what was typed; a control character in it (an
            // escape sequence) is shown escaped, like every other message.
            let text = e.render().to_string();
            let shown: String = text
                .split('\n')
                .map(|l| taflkit::diagnostics::escape_controls(l).into_owned())
                .collect::<Vec<_>>()
                .join("\n");
            if e.use_stderr() {
                eprint!("{shown}");
            } else {
                taflkit::cli::report::out(shown.as_bytes());
            }
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
        }
    };
    match taflkit::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            taflkit::cli::report::failure(&failure);
            ExitCode::from(1)
        }
    }
}
