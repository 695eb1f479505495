//! The pictures `grundy run --svg/--plot`, `grundy octal --plot` and the
//! REPL's `:plot`/`:svg` write: SVG plots drawn by `plot`, and DOT text
//! rendered by Graphviz.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::error::FrontEndError;
use crate::plot;
use crate::query::{Answer, Outcome, Picture};
use crate::solve::GValue;
use crate::vocab::Play;

/// Where `--svg` and `--plot` pictures go, and how many queries that draw
/// each kind have run. Pictures are numbered by query: a `dot` query that
/// fails still takes its number, so the files after it keep theirs.
#[derive(Default)]
pub struct Pictures {
    svg: Option<PathBuf>,
    plot: Option<PathBuf>,
    svgs: usize,
    plots: usize,
    /// Keep the SVG text here instead of writing a file (`svg_of`).
    capture: bool,
    captured: Option<String>,
}

/// Which picture an answer can be drawn as, if any.
pub fn picture_kind(answer: &Answer) -> Option<Picture> {
    match answer {
        Answer::Dot { .. } => Some(Picture::Graph),
        Answer::Sequence { .. }
        | Answer::Table { .. }
        | Answer::Outcomes { .. }
        | Answer::OutcomeTable { .. }
        | Answer::Thermograph { .. }
        | Answer::Values { .. }
        | Answer::ValueTable { .. } => Some(Picture::Plot),
        _ => None,
    }
}

/// Draw one answer's picture into `path` (SVG, or PNG by the name), as
/// `--plot` or `--svg` would; says on `log` which file it wrote.
pub fn draw_one(answer: &Answer, path: &Path, log: &mut dyn Write) -> Result<(), Error> {
    // One file for whichever picture the answer has (no series to clash).
    let mut one = Pictures {
        svg: Some(path.to_path_buf()),
        plot: Some(path.to_path_buf()),
        ..Pictures::default()
    };
    one.draw(answer, log)
}

/// An answer's picture as SVG text, in memory (the Python package shows it
/// in a notebook): None when the answer has no picture.
pub fn svg_of(answer: &Answer) -> Option<Result<String, Error>> {
    let mut one = Pictures {
        svg: Some(PathBuf::from("picture.svg")),
        plot: Some(PathBuf::from("picture.svg")),
        capture: true,
        ..Pictures::default()
    };
    match one.draw(answer, &mut std::io::sink()) {
        Ok(()) => one.captured.map(Ok),
        Err(e) => Some(Err(e)),
    }
}

impl Pictures {
    /// Refuses two series of files that could meet (`--svg x.svg --plot
    /// x.svg`, or `--plot x-2.svg` beside `--svg x.svg`): each would
    /// overwrite the other's pictures.
    /// Each target is checked first (its folder exists, the file can be
    /// written), so that a bad path fails before any work.
    pub fn new(svg: Option<PathBuf>, plot: Option<PathBuf>) -> Result<Self, Error> {
        for path in svg.iter().chain(plot.iter()) {
            check_target(path)?;
        }
        if let (Some(a), Some(b)) = (&svg, &plot)
            && let Some(shared) = series_meet(a, b)
        {
            return Err(FrontEndError::SamePictureFile {
                path: shared.display().to_string(),
            }
            .into());
        }
        Ok(Pictures {
            svg,
            plot,
            ..Pictures::default()
        })
    }

    /// The n-th file (from 1) of a series: FILE.svg, FILE-2.svg, ...; a
    /// device (`/dev/null`, a pipe) is every file of its series.
    pub fn nth(path: &Path, n: usize) -> PathBuf {
        if n <= 1 || is_device(path) {
            return path.to_path_buf();
        }
        let (stem, ext) = stem_ext(path);
        path.with_file_name(format!("{stem}-{n}{ext}"))
    }

    /// Write one picture (PNG or SVG, by the file name) and say so on
    /// `log`, and whether it replaced a file already there.
    fn write(&mut self, path: &Path, svg: &str, log: &mut dyn Write) -> Result<(), Error> {
        if self.capture {
            self.captured = Some(svg.to_string());
            return Ok(());
        }
        let replaced = path.is_file();
        let shown = crate::shown::clean(&path.display().to_string());
        if !write_picture(path, svg)? {
            let _ = writeln!(log, "no fonts found: the labels of {shown} are left out");
        }
        let _ = writeln!(
            log,
            "wrote {shown}{}",
            if replaced { " (replaced)" } else { "" }
        );
        Ok(())
    }

    /// The notes a run ends with: an option given whose pictures no query
    /// drew (`--plot` with no `sequence` or `table`).
    pub fn unused(&self) -> Vec<String> {
        let mut notes = Vec::new();
        let name = |p: &Path| crate::shown::clean(&p.display().to_string());
        if let (Some(p), 0) = (&self.plot, self.plots) {
            notes.push(format!(
                "note: --plot {}: nothing to plot (only `sequence` and `table` answers are plotted); no file written",
                name(p)
            ));
        }
        if let (Some(p), 0) = (&self.svg, self.svgs) {
            notes.push(format!(
                "note: --svg {}: nothing to draw (only `dot` answers are drawn); no file written",
                name(p)
            ));
        }
        notes
    }

    /// A query that would have drawn `picture` failed: it keeps its number.
    pub fn skip(&mut self, picture: Option<Picture>) {
        match picture {
            Some(Picture::Graph) => self.svgs += 1,
            Some(Picture::Plot) => self.plots += 1,
            None => {}
        }
    }

    /// The file for the next query that draws `picture`, when its option
    /// was given (the query takes its number either way).
    fn next(&mut self, picture: Picture) -> Option<PathBuf> {
        let (base, count) = match picture {
            Picture::Graph => (&self.svg, &mut self.svgs),
            Picture::Plot => (&self.plot, &mut self.plots),
        };
        *count += 1;
        base.as_ref().map(|b| Self::nth(b, *count))
    }

    /// The most cells a plot may have, when plots are drawn: the session
    /// refuses a larger `sequence` or `table` before computing it.
    pub fn plot_cells(&self) -> Option<usize> {
        self.plot.as_ref().map(|_| MAX_PICTURE_CELLS)
    }

    /// Draw the picture an answer asks for; says on `log` which file it wrote.
    pub fn draw(&mut self, answer: &Answer, log: &mut dyn Write) -> Result<(), Error> {
        let Some(picture) = picture_kind(answer) else {
            return Ok(());
        };
        // The query takes its number even when it draws nothing.
        let Some(path) = self.next(picture) else {
            return Ok(());
        };
        if let Some(svg) = answer_svg(answer, &path)? {
            self.write(&path, &svg, log)?;
        }
        Ok(())
    }
}

/// The SVG of an answer's picture (`path` names it in a diagnostic); None
/// when the answer has none after all (a value that is not an integer).
fn answer_svg(answer: &Answer, path: &Path) -> Result<Option<String>, Error> {
    Ok(match answer {
        Answer::Dot { dot, .. } => Some(render_dot(dot, path)?),
        Answer::Sequence { game, from, values } => Some(sequence_picture(game, *from, values)?),
        Answer::Table {
            game,
            row_from,
            col_from,
            rows,
        } => Some(grundy_table_picture(game, (*row_from, *col_from), rows)?),
        // Misère sequences and tables: P as 0, N as 1, D as 2.
        Answer::Outcomes {
            subject,
            play,
            from,
            outcomes,
        } => Some(outcomes_picture(subject, *play, *from, outcomes)?),
        Answer::OutcomeTable {
            subject,
            play,
            row_from,
            col_from,
            rows,
        } => Some(outcome_table_picture(
            subject,
            *play,
            (*row_from, *col_from),
            rows,
        )?),
        Answer::Values {
            subject,
            from,
            cells,
        } => values_picture(subject, *from, cells),
        Answer::ValueTable {
            subject,
            row_from,
            col_from,
            rows,
        } => value_table_picture(subject, (*row_from, *col_from), rows),
        Answer::Thermograph {
            position,
            thermograph,
        } => {
            let title = format!("thermograph of {position}");
            Some(crate::plot_thermo::thermograph_svg(thermograph, &title))
        }
        _ => None,
    })
}

/// A `sequence` of Grundy values as a scatter plot; loopy (infinite)
/// values get a mark of their own.
fn sequence_picture(game: &str, from: i64, values: &[GValue]) -> Result<String, Error> {
    too_large(values.len())?;
    let points: Vec<u32> = values
        .iter()
        .map(|v| {
            v.finite()
                .map(|x| u32::try_from(x).unwrap_or(plot::INFINITE - 1))
                .unwrap_or(plot::INFINITE)
        })
        .collect();
    let title = format!("G(n) of {game}, n from {from}");
    Ok(plot::sequence_svg(&plot::Sequence {
        title: &title,
        from,
        values: &points,
        rare: &[],
        period: None,
        names: None,
        y_label: "G(n)",
        infinite: "∞",
    }))
}

/// A `table` of Grundy values as a heatmap, infinite values hatched.
fn grundy_table_picture(
    game: &str,
    from: (i64, i64),
    rows: &[Vec<GValue>],
) -> Result<String, Error> {
    too_large(rows.iter().map(Vec::len).sum())?;
    let cells: Vec<Vec<plot::Cell>> = rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|v| match v.finite() {
                    Some(x) => plot::Cell::Value(x),
                    None => plot::Cell::Infinite(v.to_string()),
                })
                .collect()
        })
        .collect();
    Ok(table_picture(
        "Grundy values of",
        game,
        from,
        &cells,
        plot::Scale::Values,
    ))
}

/// A sequence of outcomes as a scatter plot: draws are hollow marks on a
/// row of their own, as ∞ values.
fn outcomes_picture(
    subject: &str,
    play: Play,
    from: i64,
    outcomes: &[Outcome],
) -> Result<String, Error> {
    too_large(outcomes.len())?;
    let codes: Vec<u32> = outcomes
        .iter()
        .map(|o| match o {
            Outcome::D => plot::INFINITE,
            o => outcome_code(*o) as u32,
        })
        .collect();
    let title = format!("{} outcomes of {subject}, n from {from}", play.name());
    Ok(plot::sequence_svg(&plot::Sequence {
        title: &title,
        from,
        values: &codes,
        rare: &[],
        period: None,
        names: Some(&["P", "N"]),
        y_label: "outcome",
        infinite: "D",
    }))
}

/// A table of outcomes as a heatmap coloured by outcome.
fn outcome_table_picture(
    subject: &str,
    play: Play,
    from: (i64, i64),
    rows: &[Vec<Outcome>],
) -> Result<String, Error> {
    too_large(rows.iter().map(Vec::len).sum())?;
    let cells: Vec<Vec<plot::Cell>> = rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|o| plot::Cell::Value(outcome_code(*o)))
                .collect()
        })
        .collect();
    Ok(table_picture(
        &format!("{} outcomes of", play.name()),
        subject,
        from,
        &cells,
        plot::Scale::Outcomes,
    ))
}

/// A series of values: plotted when every value is an integer >= 0 (a
/// boolean as 0 or 1); any other value has no plot.
fn values_picture(
    subject: &str,
    from: i64,
    cells: &[(String, serde_json::Value)],
) -> Option<String> {
    let points = cells
        .iter()
        .map(|(_, j)| plotted(j).and_then(|x| u32::try_from(x).ok()))
        .map(|x| x.filter(|&x| x < plot::INFINITE - 1))
        .collect::<Option<Vec<u32>>>()?;
    let to = from.saturating_add(cells.len() as i64).saturating_sub(1);
    let title = format!("{subject} {from}..={to}");
    Some(plot::sequence_svg(&plot::Sequence {
        title: &title,
        from,
        values: &points,
        rare: &[],
        period: None,
        names: None,
        y_label: "f(n)",
        infinite: "∞",
    }))
}

/// A table of values as a heatmap, under the same rule as `values_picture`.
fn value_table_picture(
    subject: &str,
    from: (i64, i64),
    rows: &[Vec<(String, serde_json::Value)>],
) -> Option<String> {
    let cells = rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|(_, j)| plotted(j).map(plot::Cell::Value))
                .collect::<Option<Vec<_>>>()
        })
        .collect::<Option<Vec<_>>>()?;
    Some(table_picture(
        "values of",
        subject,
        from,
        &cells,
        plot::Scale::Values,
    ))
}

/// A value of a series (its JSON object, `{"type": "integer", "integer":
/// 3, …}`) as a point of a plot: an integer >= 0, or a boolean as 0 or 1.
fn plotted(j: &serde_json::Value) -> Option<u64> {
    j.get("integer")
        .and_then(serde_json::Value::as_u64)
        .or_else(|| j.get("boolean")?.as_bool().map(u64::from))
}

/// The most cells (or points) a picture may have: a larger one is refused
/// before it is drawn (`grundy::picture::too_large`), since its SVG text
/// and PNG raster would take gigabytes.
pub const MAX_PICTURE_CELLS: usize = 1_000_000;

fn too_large(cells: usize) -> Result<(), Error> {
    if cells > MAX_PICTURE_CELLS {
        return Err(FrontEndError::PictureTooLarge {
            cells,
            limit: MAX_PICTURE_CELLS,
        }
        .into());
    }
    Ok(())
}

/// Whether a path names something that is neither a file nor a folder (a
/// character device such as `/dev/null`, a pipe): written as it is, never
/// numbered.
fn is_device(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir())
}

/// A picture target that cannot be written fails here, before the work:
/// a folder that does not exist, a folder given as the file, a file that
/// cannot be opened for writing.
fn check_target(path: &Path) -> Result<(), Error> {
    let fail = |reason: String| {
        FrontEndError::WriteFile {
            path: crate::shown::clean(&path.display().to_string()),
            reason,
        }
        .into()
    };
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    match std::fs::metadata(parent) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => return Err(fail(format!("{} is not a folder", parent.display()))),
        Err(e) => return Err(fail(format!("the folder {}: {e}", parent.display()))),
    }
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(fail("it is a folder".into())),
        // Opened without truncating: the picture is written later.
        Ok(_) => std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map(drop)
            .map_err(|e| fail(e.to_string())),
        Err(_) => {
            let m = std::fs::metadata(parent).map_err(|e| fail(e.to_string()))?;
            if m.permissions().readonly() {
                return Err(fail(format!(
                    "the folder {} is read-only",
                    parent.display()
                )));
            }
            Ok(())
        }
    }
}

/// A file name's stem and its extension with the dot (or "").
fn stem_ext(path: &Path) -> (String, String) {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    (stem, ext)
}

/// A file two series FILE, FILE-2, FILE-3, ... would share, if any: in
/// the same folder (`./x.svg` is `x.svg`), with the same extension, one
/// stem the other's or the other's with `-N` after it.
fn series_meet<'a>(a: &'a Path, b: &'a Path) -> Option<&'a Path> {
    let folder = |p: &Path| -> PathBuf {
        let parent = p.parent().unwrap_or(Path::new(""));
        let parent = if parent.as_os_str().is_empty() {
            Path::new(".")
        } else {
            parent
        };
        parent
            .canonicalize()
            .unwrap_or_else(|_| parent.components().collect())
    };
    let ((sa, ea), (sb, eb)) = (stem_ext(a), stem_ext(b));
    if folder(a) != folder(b) || ea != eb {
        return None;
    }
    let numbered = |long: &str, short: &str| {
        long.strip_prefix(short)
            .and_then(|r| r.strip_prefix('-'))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()))
    };
    if sa == sb || numbered(&sa, &sb) {
        Some(a)
    } else if numbered(&sb, &sa) {
        Some(b)
    } else {
        None
    }
}

/// A table's picture: its title (`what` and the label with its ranges)
/// over the cells, from (row_from, col_from).
fn table_picture(
    what: &str,
    label: &str,
    (row_from, col_from): (i64, i64),
    cells: &[Vec<plot::Cell>],
    scale: plot::Scale,
) -> String {
    let ranges = with_ranges(
        label,
        row_from,
        col_from,
        cells.len(),
        cells.first().map_or(0, Vec::len),
    );
    plot::table_svg(&plot::Table {
        title: &format!("{what} {ranges}"),
        row_from,
        col_from,
        rows: cells,
        scale,
    })
}

/// A table's label with its ranges: `T(a) + T(b) for a, b in` gets
/// `0..=6, 0..=6` after it, as in the text answer.
fn with_ranges(label: &str, row_from: i64, col_from: i64, nr: usize, nc: usize) -> String {
    if !label.ends_with(" in") {
        return label.to_string();
    }
    let end = |from: i64, n: usize| from.saturating_add(n as i64).saturating_sub(1);
    format!(
        "{label} {row_from}..={}, {col_from}..={}",
        end(row_from, nr),
        end(col_from, nc)
    )
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
pub fn write_file(path: &Path, text: &str) -> Result<(), Error> {
    std::fs::write(path, text).map_err(|e| {
        FrontEndError::WriteFile {
            path: path.display().to_string(),
            reason: e.to_string(),
        }
        .into()
    })
}

/// Whether a picture file's name asks for PNG (`.png`, any case).
pub fn wants_png(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"))
}

/// Write a picture: rasterised to PNG when the file name ends in `.png`,
/// else the SVG text. False when a PNG had to leave its text out because
/// the machine has no fonts.
pub fn write_picture(path: &Path, svg: &str) -> Result<bool, Error> {
    if !wants_png(path) {
        write_file(path, svg)?;
        return Ok(true);
    }
    let (png, fonts) = plot::svg_to_png(svg).map_err(|reason| FrontEndError::WriteFile {
        path: path.display().to_string(),
        reason,
    })?;
    std::fs::write(path, png).map_err(|e| FrontEndError::WriteFile {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    Ok(fonts)
}

/// DOT text to SVG text through Graphviz's `dot` program (`path` names
/// the picture in a diagnostic).
fn render_dot(dot: &str, path: &Path) -> Result<String, Error> {
    use std::process::{Command, Stdio};
    let child = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let Ok(mut child) = child else {
        return Err(FrontEndError::GraphvizMissing {
            path: path.display().to_string(),
        }
        .into());
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
        .map_err(|e| FrontEndError::GraphvizFailed {
            reason: e.to_string(),
        })?;
    if let Some(f) = feeder {
        let _ = f.join();
    }
    if !out.status.success() {
        return Err(FrontEndError::GraphvizFailed {
            reason: String::from_utf8_lossy(&out.stderr).trim().to_string(),
        }
        .into());
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}
