//! The pictures `grundy run --svg/--plot` and `grundy octal --plot` write:
//! SVG plots drawn by `plot`, and DOT text rendered by Graphviz.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::query::Answer;

/// Where `--svg` and `--plot` pictures go, and how many were drawn.
#[derive(Default)]
pub(super) struct Pictures {
    svg: Option<PathBuf>,
    plot: Option<PathBuf>,
    svgs: usize,
    plots: usize,
}

impl Pictures {
    pub(super) fn new(svg: Option<PathBuf>, plot: Option<PathBuf>) -> Self {
        Pictures {
            svg,
            plot,
            ..Pictures::default()
        }
    }

    /// The n-th file (from 1) of a series: FILE.svg, FILE-2.svg, ...
    fn nth(path: &Path, n: usize) -> PathBuf {
        if n <= 1 {
            return path.to_path_buf();
        }
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let ext = path
            .extension()
            .map(|e| format!(".{}", e.to_string_lossy()))
            .unwrap_or_default();
        path.with_file_name(format!("{stem}-{n}{ext}"))
    }

    /// Draw the picture an answer asks for; says on `log` which file it wrote.
    pub(super) fn draw(&mut self, answer: &Answer, log: &mut dyn Write) -> Result<(), Error> {
        match answer {
            Answer::Dot { dot, .. } => {
                let Some(base) = &self.svg else { return Ok(()) };
                self.svgs += 1;
                let path = Self::nth(base, self.svgs);
                render_dot(dot, &path)?;
                let _ = writeln!(log, "wrote {}", path.display());
            }
            Answer::Sequence { game, from, values } => {
                let Some(base) = &self.plot else {
                    return Ok(());
                };
                self.plots += 1;
                let path = Self::nth(base, self.plots);
                // Plotted from heap `from`; loopy (infinite) values are left out.
                let finite: Vec<u32> = values
                    .iter()
                    .map(|v| v.finite().and_then(|x| u32::try_from(x).ok()).unwrap_or(0))
                    .collect();
                let title = format!("G(n) of {game}, n from {from}");
                write_file(&path, &crate::plot::sequence_svg(&title, &finite, &[]))?;
                let _ = writeln!(log, "wrote {}", path.display());
            }
            Answer::Table {
                game,
                row_from,
                col_from,
                rows,
            } => {
                let Some(base) = &self.plot else {
                    return Ok(());
                };
                self.plots += 1;
                let path = Self::nth(base, self.plots);
                let finite: Vec<Vec<u64>> = rows
                    .iter()
                    .map(|r| r.iter().map(|v| v.finite().unwrap_or(u64::MAX)).collect())
                    .collect();
                let title = format!("Grundy values of {game}");
                write_file(
                    &path,
                    &crate::plot::table_svg(&title, *row_from, *col_from, &finite),
                )?;
                let _ = writeln!(log, "wrote {}", path.display());
            }
            // Misère sequences and tables: P as 0, N as 1, D as 2 (a table
            // shows P black, as for values).
            Answer::Outcomes {
                subject,
                play,
                from,
                outcomes,
            } => {
                let Some(base) = &self.plot else {
                    return Ok(());
                };
                self.plots += 1;
                let path = Self::nth(base, self.plots);
                let codes: Vec<u32> = outcomes.iter().map(|o| outcome_code(*o) as u32).collect();
                let title = format!(
                    "{} outcomes of {subject}, n from {from} (P = 0, N = 1, D = 2)",
                    play.name()
                );
                write_file(&path, &crate::plot::sequence_svg(&title, &codes, &[]))?;
                let _ = writeln!(log, "wrote {}", path.display());
            }
            Answer::OutcomeTable {
                subject,
                play,
                row_from,
                col_from,
                rows,
            } => {
                let Some(base) = &self.plot else {
                    return Ok(());
                };
                self.plots += 1;
                let path = Self::nth(base, self.plots);
                let codes: Vec<Vec<u64>> = rows
                    .iter()
                    .map(|r| r.iter().map(|o| outcome_code(*o)).collect())
                    .collect();
                let title = format!("{} outcomes of {subject} (P black)", play.name());
                write_file(
                    &path,
                    &crate::plot::table_svg(&title, *row_from, *col_from, &codes),
                )?;
                let _ = writeln!(log, "wrote {}", path.display());
            }
            _ => {}
        }
        Ok(())
    }
}

/// An outcome as a number to plot: P 0, N 1, D 2.
fn outcome_code(o: crate::query::Outcome) -> u64 {
    match o {
        crate::query::Outcome::P => 0,
        crate::query::Outcome::N => 1,
        crate::query::Outcome::D => 2,
    }
}

/// Write a picture or report; the error is a diagnostic naming the path.
pub(super) fn write_file(path: &Path, text: &str) -> Result<(), Error> {
    std::fs::write(path, text).map_err(|e| Error::WriteFile {
        path: path.display().to_string(),
        reason: e.to_string(),
    })
}

/// DOT text to SVG through Graphviz's `dot` program.
fn render_dot(dot: &str, path: &Path) -> Result<(), Error> {
    use std::process::{Command, Stdio};
    let child = Command::new("dot")
        .arg("-Tsvg")
        .arg("-o")
        .arg(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(_) => {
            return Err(Error::GraphvizMissing {
                path: path.display().to_string(),
            });
        }
    };
    // Graphviz may write much to stderr before it reads all its input:
    // feed it from another thread while this one collects what it says.
    let feeder = child.stdin.take().map(|mut stdin| {
        let dot = dot.to_string();
        std::thread::spawn(move || {
            let _ = stdin.write_all(dot.as_bytes());
        })
    });
    let out = child
        .wait_with_output()
        .map_err(|e| Error::GraphvizFailed {
            reason: e.to_string(),
        })?;
    if let Some(f) = feeder {
        let _ = f.join();
    }
    if !out.status.success() {
        return Err(Error::GraphvizFailed {
            reason: String::from_utf8_lossy(&out.stderr).trim().to_string(),
        });
    }
    Ok(())
}
