//! Pictures as SVG: the scatter plot of a sequence against n (rare values,
//! infinite values and the start of the period marked), and a heatmap of a
//! two-parameter game's values or outcomes; and [`svg_to_png`] to rasterise
//! any of them (or Graphviz's SVG) to PNG.
//!
//! Every picture has integer pixel sizes, a white background, axis ticks with
//! the real parameter values, and a legend outside the plotted area.

use std::fmt::Write as _;

const W: u32 = 900;
const H: u32 = 500;
const LEFT: u32 = 70;
/// The right margin of a scatter plot holds its legend.
const LEGEND_W: u32 = 150;
const TOP: u32 = 40;
const BOTTOM: u32 = 50;

/// Past this many points a scatter plot draws a sample (every k-th heap,
/// plus every rare heap), so the file stays a reasonable size.
pub const MAX_POINTS: usize = 200_000;

/// A value of a sequence that is infinite (a loopy position's `∞{…}`).
pub const INFINITE: u32 = u32::MAX;

const BLUE: &str = "#1f5fa8";
const RED: &str = "#d62728";

fn header(out: &mut String, w: u32, h: u32, title: &str) {
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, sans-serif" font-size="12">
<defs><pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="white"/><path d="M-2,2 L2,-2 M0,8 L8,0 M6,10 L10,6" stroke="#666666" stroke-width="2"/></pattern></defs>
<rect width="{w}" height="{h}" fill="white"/>
<text x="{}" y="24" text-anchor="middle" font-size="15">{}</text>
"##,
        w / 2,
        escape(title)
    );
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Round tick steps: 1, 2, 5 times a power of ten.
fn tick_step(range: f64, want: f64) -> f64 {
    let raw = (range / want).max(1.0);
    let mag = 10f64.powf(raw.log10().floor());
    for m in [1.0, 2.0, 5.0, 10.0] {
        if m * mag >= raw {
            return m * mag;
        }
    }
    10.0 * mag
}

/// A sequence to draw as a scatter plot.
pub struct Sequence<'a> {
    /// The picture's title.
    pub title: &'a str,
    /// The parameter of the first value: the x axis starts here.
    pub from: i64,
    /// The values, `values[i]` at n = `from + i`; `INFINITE` for `∞{…}`.
    pub values: &'a [u32],
    /// Indices (into `values`) drawn in red as rare values.
    pub rare: &'a [usize],
    /// `(preperiod, period)` as heap numbers: a dashed line marks where the
    /// periodic part starts.
    pub period: Option<(usize, usize)>,
    /// Names for the values 0, 1, 2, … on the y axis (outcomes P, N, D),
    /// instead of numbers.
    pub names: Option<&'a [&'a str]>,
    /// The y axis label (`G(n)`).
    pub y_label: &'a str,
    /// The tick and legend text of the `INFINITE` row: `∞` for loopy
    /// values, `D` for draws.
    pub infinite: &'a str,
}

/// The scatter plot of a sequence against n. Infinite values are hollow
/// circles on a row of their own (marked `∞`, or `D` for draws) above the
/// finite values.
pub fn sequence_svg(s: &Sequence) -> String {
    let f = SeqFrame::new(s);
    let mut out = String::new();
    header(&mut out, W, H, s.title);
    sequence_axes(&mut out, s, &f);
    let mut legend = Legend {
        x: W - LEGEND_W + 15,
        y: TOP + 10,
    };
    if let Some(period) = s.period {
        period_mark(&mut out, s.from, period, &f, &mut legend);
    }
    sequence_points(&mut out, s, &f);
    sequence_legend(&mut out, s, f.has_inf, &mut legend);
    out.push_str("</svg>\n");
    out
}

/// Where a scatter plot's values land: the plotted area and the value
/// range, shared by its axes, its period mark and its points.
struct SeqFrame {
    /// How many values (at least 1).
    n: usize,
    /// The largest value on the y axis (or the last name's).
    vmax: f64,
    /// The y tick step; the infinite row sits one step above `vmax`.
    ys: f64,
    /// The value at the top edge of the plotted area.
    top_value: f64,
    /// Whether any value is infinite (a row of their own).
    has_inf: bool,
    left: f64,
    top: f64,
    /// The plotted area's width and height.
    pw: f64,
    ph: f64,
}

impl SeqFrame {
    /// The frame of a sequence's values.
    fn new(s: &Sequence) -> SeqFrame {
        let finite_max = s
            .values
            .iter()
            .copied()
            .filter(|&v| v != INFINITE)
            .max()
            .unwrap_or(0);
        let has_inf = s.values.contains(&INFINITE);
        let vmax = match s.names {
            Some(names) => names.len().saturating_sub(1).max(1) as f64,
            None => f64::from(finite_max.max(1)),
        };
        // The infinite row sits one tick step above the largest value.
        let ys = if s.names.is_some() {
            1.0
        } else {
            tick_step(vmax, 8.0)
        };
        SeqFrame {
            n: s.values.len().max(1),
            vmax,
            ys,
            top_value: if has_inf { vmax + ys } else { vmax },
            has_inf,
            left: f64::from(LEFT),
            top: f64::from(TOP),
            pw: f64::from(W - LEFT - LEGEND_W),
            ph: f64::from(H - TOP - BOTTOM),
        }
    }

    /// The x of the value at index `i`.
    fn x(&self, i: f64) -> f64 {
        self.left + self.pw * i / (self.n.max(2) - 1) as f64
    }

    /// The y of the value `v`.
    fn y(&self, v: f64) -> f64 {
        self.top + self.ph - self.ph * v / self.top_value
    }

    /// The y of a value of the sequence: [`INFINITE`] on the top row.
    fn yv(&self, v: u32) -> f64 {
        if v == INFINITE {
            self.y(self.top_value)
        } else {
            self.y(f64::from(v))
        }
    }
}

/// The axes of a scatter plot, their ticks and their titles.
fn sequence_axes(out: &mut String, s: &Sequence, f: &SeqFrame) {
    let (left, top, pw, ph) = (f.left, f.top, f.pw, f.ph);
    let _ = writeln!(
        out,
        r#"<path d="M{left},{top} V{} H{}" fill="none" stroke="black"/>"#,
        top + ph,
        left + pw
    );
    sequence_x_ticks(out, s.from, f);
    let mut t = 0.0;
    while t <= f.vmax {
        let label = match s.names {
            Some(names) => names.get(t as usize).copied().unwrap_or("").to_string(),
            None => t.to_string(),
        };
        ytick(out, f.y(t), &label);
        t += f.ys;
    }
    if f.has_inf {
        ytick(out, f.y(f.top_value), s.infinite);
    }
    axis_titles(
        out,
        (left + pw / 2.0, f64::from(H - 10)),
        top + ph / 2.0,
        "n",
        s.y_label,
    );
}

/// The x ticks at round values of the real n (not of the index).
fn sequence_x_ticks(out: &mut String, from: i64, f: &SeqFrame) {
    let bottom = f.top + f.ph;
    let xs = tick_step(f.n as f64, 10.0) as i64;
    let last = from.saturating_add(f.n as i64 - 1);
    let mut t = from.div_euclid(xs) * xs;
    if t < from {
        t += xs;
    }
    while t <= last {
        let px = f.x(t.saturating_sub(from) as f64);
        let _ = writeln!(
            out,
            r#"<line x1="{px:.1}" y1="{}" x2="{px:.1}" y2="{}" stroke="black"/><text x="{px:.1}" y="{}" text-anchor="middle">{t}</text>"#,
            bottom,
            bottom + 5.0,
            bottom + 18.0,
        );
        match t.checked_add(xs) {
            Some(next) => t = next,
            None => break,
        }
    }
}

/// The dashed line where the periodic part starts (when it is in the
/// plot), and its entry in the legend.
fn period_mark(
    out: &mut String,
    from: i64,
    (pre, p): (usize, usize),
    f: &SeqFrame,
    legend: &mut Legend,
) {
    let i = (pre as i64).saturating_sub(from);
    if i >= 0 && (i as usize) < f.n {
        // On whole pixels, so the line stays crisp in a PNG.
        let px = f.x(i as f64).round();
        let _ = writeln!(
            out,
            r##"<line x1="{px}" y1="{}" x2="{px}" y2="{}" stroke="#2ca02c" stroke-width="2" stroke-dasharray="6 4"/>"##,
            f.top,
            f.top + f.ph
        );
    }
    let (lx, ly) = (legend.x, legend.y);
    let _ = writeln!(
        out,
        r##"<line x1="{lx}" y1="{}" x2="{}" y2="{}" stroke="#2ca02c" stroke-width="1.5" stroke-dasharray="6 4"/><text x="{}" y="{}">period {p}</text><text x="{}" y="{}">from n = {pre}</text>"##,
        ly - 8,
        lx,
        ly + 8,
        lx + 10,
        ly - 2,
        lx + 10,
        ly + 12
    );
    legend.y += 34;
}

/// The points: common values in blue (every k-th past [`MAX_POINTS`]),
/// rare values in red (all of them), infinite values as hollow circles.
fn sequence_points(out: &mut String, s: &Sequence, f: &SeqFrame) {
    let n = f.n;
    let step = n.div_ceil(MAX_POINTS).max(1);
    let r = if n > 2000 { 1.0 } else { 2.5 };
    let mut is_rare = vec![false; n];
    for &i in s.rare {
        if i < n {
            is_rare[i] = true;
        }
    }
    let _ = write!(out, r#"<g fill="{BLUE}">"#);
    for (i, &v) in s.values.iter().enumerate().step_by(step) {
        if !is_rare[i] && v != INFINITE {
            let _ = write!(
                out,
                r#"<circle cx="{:.1}" cy="{:.1}" r="{r}"/>"#,
                f.x(i as f64),
                f.yv(v)
            );
        }
    }
    out.push_str("</g>\n");
    let _ = write!(out, r#"<g fill="{RED}">"#);
    for (i, &v) in s.values.iter().enumerate() {
        if is_rare[i] && v != INFINITE {
            let _ = write!(
                out,
                r#"<circle cx="{:.1}" cy="{:.1}" r="{}"/>"#,
                f.x(i as f64),
                f.yv(v),
                r + 0.5
            );
        }
    }
    out.push_str("</g>\n");
    let _ = write!(out, r#"<g fill="white" stroke="black" stroke-width="1.2">"#);
    for (i, &v) in s.values.iter().enumerate().step_by(step) {
        if v == INFINITE {
            let _ = write!(
                out,
                r#"<circle cx="{:.1}" cy="{:.1}" r="{}"/>"#,
                f.x(i as f64),
                f.yv(v),
                r + 1.0
            );
        }
    }
    out.push_str("</g>\n");
}

/// The legend entries of the marks a scatter plot has (rare values and
/// infinite ones), right of the plot.
fn sequence_legend(out: &mut String, s: &Sequence, has_inf: bool, legend: &mut Legend) {
    if !s.rare.is_empty() {
        legend.dot(out, &format!(r#"fill="{BLUE}""#), "common");
        legend.dot(out, &format!(r#"fill="{RED}""#), "rare");
    }
    if has_inf {
        let text = match s.infinite {
            "∞" => "∞ (loopy)".to_string(),
            "D" => "D (draw)".to_string(),
            other => other.to_string(),
        };
        legend.dot(out, r#"fill="white" stroke="black""#, &text);
    }
}

/// The titles of both axes: `x_title` centred at `x_at`, `y_title` turned
/// up the left edge and centred at the height `y_mid`.
fn axis_titles(out: &mut String, x_at: (f64, f64), y_mid: f64, x_title: &str, y_title: &str) {
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" text-anchor="middle">{}</text><text x="18" y="{y_mid}" text-anchor="middle" transform="rotate(-90 18 {y_mid})">{}</text>"#,
        x_at.0,
        x_at.1,
        escape(x_title),
        escape(y_title)
    );
}

/// A legend's next free place, right of the plotted area: each entry
/// written moves it down.
struct Legend {
    x: u32,
    y: u32,
}

impl Legend {
    /// A round mark (`mark`: its fill and stroke attributes) and its text.
    fn dot(&mut self, out: &mut String, mark: &str, text: &str) {
        let _ = writeln!(
            out,
            r#"<circle cx="{}" cy="{}" r="4" {mark}/><text x="{}" y="{}">{}</text>"#,
            self.x + 4,
            self.y - 4,
            self.x + 14,
            self.y,
            escape(text)
        );
        self.y += 20;
    }

    /// A square swatch of `fill` and its text.
    fn swatch(&mut self, out: &mut String, fill: &str, text: &str) {
        let _ = writeln!(
            out,
            r#"<rect width="16" height="16" x="{}" y="{}" fill="{fill}" stroke="black"/><text x="{}" y="{}">{}</text>"#,
            self.x,
            self.y,
            self.x + 22,
            self.y + 12,
            escape(text)
        );
        self.y += 22;
    }
}

fn ytick(out: &mut String, py: f64, label: &str) {
    let _ = writeln!(
        out,
        r#"<line x1="{}" y1="{py:.1}" x2="{LEFT}" y2="{py:.1}" stroke="black"/><text x="{}" y="{:.1}" text-anchor="end">{}</text>"#,
        LEFT - 5,
        LEFT - 8,
        py + 4.0,
        escape(label)
    );
}

/// One cell of a heatmap.
#[derive(Clone, Debug)]
pub enum Cell {
    /// A finite value (0 is a P-position).
    Value(u64),
    /// An infinite value `∞{…}` (its text, for the hover title).
    Infinite(String),
}

/// How a heatmap colours its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// Grundy values: 0 black, 1.. the viridis ramp with a colour bar.
    Values,
    /// Outcomes coded P = 0 (black), N = 1, D = 2 (hatched), with a legend.
    Outcomes,
}

/// A table to draw as a heatmap.
pub struct Table<'a> {
    /// The picture's title.
    pub title: &'a str,
    /// The first parameter of the first row and of the first column.
    pub row_from: i64,
    pub col_from: i64,
    /// `rows[i][j]` at (row_from + i, col_from + j).
    pub rows: &'a [Vec<Cell>],
    pub scale: Scale,
}

/// Viridis (matplotlib's perceptually uniform map), sampled at 9 stops.
const VIRIDIS: [(u8, u8, u8); 9] = [
    (0x44, 0x01, 0x54),
    (0x47, 0x2c, 0x7a),
    (0x3b, 0x51, 0x8b),
    (0x2c, 0x71, 0x8e),
    (0x21, 0x90, 0x8d),
    (0x27, 0xad, 0x81),
    (0x5c, 0xc8, 0x63),
    (0xaa, 0xdc, 0x32),
    (0xfd, 0xe7, 0x25),
];

/// Viridis at t in [0, 1], interpolated linearly between the stops.
fn viridis(t: f64) -> String {
    let t = t.clamp(0.0, 1.0) * (VIRIDIS.len() - 1) as f64;
    let i = (t.floor() as usize).min(VIRIDIS.len() - 2);
    let f = t - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    let (a, b) = (VIRIDIS[i], VIRIDIS[i + 1]);
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(a.0, b.0),
        mix(a.1, b.1),
        mix(a.2, b.2)
    )
}

/// The colour of a value 1..=vmax: the ramp from its second stop, so that
/// its dark end stays apart from the black of 0.
fn value_colour(v: u64, vmax: u64) -> String {
    if vmax <= 1 {
        return viridis(0.6);
    }
    viridis(0.2 + 0.8 * (v - 1) as f64 / (vmax - 1) as f64)
}

const OUTCOME_N: &str = "#f4a259";

/// A heatmap of a table: row and column ticks with the real parameters,
/// P-positions black, infinite values (and draws) hatched, and a colour bar
/// or legend right of the cells.
pub fn table_svg(t: &Table) -> String {
    let f = TableFrame::new(t);
    let mut out = String::new();
    header(&mut out, f.w, f.h, t.title);
    table_cells(&mut out, t, &f);
    table_axes(&mut out, t, &f);
    let mut legend = Legend {
        x: f.left + f.cell * f.nc + 25,
        y: f.top,
    };
    match t.scale {
        Scale::Outcomes => {
            legend.swatch(&mut out, "black", "P");
            legend.swatch(&mut out, OUTCOME_N, "N");
            legend.swatch(&mut out, "url(#hatch)", "D (draw)");
        }
        Scale::Values => {
            legend.swatch(&mut out, "black", "0 (P)");
            if f.has_inf {
                legend.swatch(&mut out, "url(#hatch)", "∞ (loopy)");
            }
            if f.vmax >= 1 {
                colour_bar(&mut out, f.vmax, &mut legend);
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

/// Where a heatmap's cells land, the picture's size and the range of its
/// values.
struct TableFrame {
    /// Rows and columns (at least 1 each).
    nr: u32,
    nc: u32,
    /// A cell's side, in pixels.
    cell: u32,
    /// The top left corner of the cells.
    left: u32,
    top: u32,
    /// The picture's size.
    w: u32,
    h: u32,
    /// The largest finite value.
    vmax: u64,
    /// Whether any cell is infinite.
    has_inf: bool,
}

impl TableFrame {
    /// The frame of a table's cells.
    fn new(t: &Table) -> TableFrame {
        let nr = t.rows.len().max(1) as u32;
        let nc = t.rows.iter().map(Vec::len).max().unwrap_or(0).max(1) as u32;
        let cell = (640 / nr.max(nc)).clamp(3, 40);
        let (left, top) = (LEFT, TOP + 30);
        let legend_w = 150;
        let vmax = t
            .rows
            .iter()
            .flatten()
            .filter_map(|c| match c {
                Cell::Value(v) => Some(*v),
                Cell::Infinite(_) => None,
            })
            .max()
            .unwrap_or(0);
        let has_inf = t
            .rows
            .iter()
            .flatten()
            .any(|c| matches!(c, Cell::Infinite(_)));
        TableFrame {
            nr,
            nc,
            cell,
            left,
            top,
            w: (left + cell * nc + legend_w).max(560),
            h: (top + cell * nr + 60).max(300),
            vmax,
            has_inf,
        }
    }
}

/// The cells, each coloured by its value or outcome, with a hover title
/// of its parameters and value.
fn table_cells(out: &mut String, t: &Table, f: &TableFrame) {
    let (left, top, cell) = (f.left, f.top, f.cell);
    for (i, row) in t.rows.iter().enumerate() {
        for (j, c) in row.iter().enumerate() {
            let (fill, text) = match (c, t.scale) {
                (Cell::Value(0), Scale::Outcomes) => ("#000000".to_string(), "P".to_string()),
                (Cell::Value(1), Scale::Outcomes) => (OUTCOME_N.to_string(), "N".to_string()),
                (Cell::Value(_), Scale::Outcomes) => ("url(#hatch)".to_string(), "D".to_string()),
                (Cell::Value(0), Scale::Values) => ("#000000".to_string(), "0".to_string()),
                (Cell::Value(v), Scale::Values) => (value_colour(*v, f.vmax), v.to_string()),
                (Cell::Infinite(s), _) => ("url(#hatch)".to_string(), s.clone()),
            };
            let _ = write!(
                out,
                r#"<rect x="{}" y="{}" width="{cell}" height="{cell}" fill="{fill}"><title>({}, {}): {}</title></rect>"#,
                left + cell * j as u32,
                top + cell * i as u32,
                t.row_from.saturating_add(i as i64),
                t.col_from.saturating_add(j as i64),
                escape(&text)
            );
        }
        out.push('\n');
    }
}

/// A frame round the cells, ticks every k-th row and column so that
/// their labels do not overlap, and the axis titles.
fn table_axes(out: &mut String, t: &Table, f: &TableFrame) {
    let (left, top, cell, nr, nc) = (f.left, f.top, f.cell, f.nr, f.nc);
    let _ = writeln!(
        out,
        r#"<rect width="{}" height="{}" x="{left}" y="{top}" fill="none" stroke="black"/>"#,
        cell * nc,
        cell * nr
    );
    let every = 16u32.div_ceil(cell).max(1);
    let every = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]
        .into_iter()
        .find(|&s| s >= every)
        .unwrap_or(every);
    for j in (0..nc).step_by(every as usize) {
        let cx = left + cell * j + cell / 2;
        let _ = writeln!(
            out,
            r#"<line x1="{cx}" y1="{top}" x2="{cx}" y2="{}" stroke="black"/><text x="{cx}" y="{}" text-anchor="middle">{}</text>"#,
            top - 4,
            top - 7,
            t.col_from.saturating_add(i64::from(j))
        );
    }
    for i in (0..nr).step_by(every as usize) {
        let cy = top + cell * i + cell / 2;
        let _ = writeln!(
            out,
            r#"<line x1="{}" y1="{cy}" x2="{left}" y2="{cy}" stroke="black"/><text x="{}" y="{}" text-anchor="end">{}</text>"#,
            left - 4,
            left - 7,
            cy + 4,
            t.row_from.saturating_add(i64::from(i))
        );
    }
    axis_titles(
        out,
        (
            f64::from(left + cell * nc / 2),
            f64::from(top + cell * nr + 22),
        ),
        f64::from(top + cell * nr / 2),
        "second parameter (columns)",
        "first parameter (rows)",
    );
}

/// The colour bar of values 1 (top) to `vmax` (bottom), ticked at round
/// values, below the legend's swatches.
fn colour_bar(out: &mut String, vmax: u64, legend: &mut Legend) {
    let bar_h = 160u32;
    let _ = writeln!(
        out,
        r#"<defs><linearGradient id="bar" x1="0" y1="0" x2="0" y2="1">{}</linearGradient></defs>"#,
        (0..=8)
            .map(|k| {
                let f = f64::from(k) / 8.0;
                format!(
                    r#"<stop offset="{f}" stop-color="{}"/>"#,
                    if vmax <= 1 {
                        value_colour(1, 1)
                    } else {
                        viridis(0.2 + 0.8 * f)
                    }
                )
            })
            .collect::<String>()
    );
    legend.y += 6;
    let (lx, ly) = (legend.x, legend.y);
    let _ = writeln!(
        out,
        r#"<rect width="16" height="{bar_h}" x="{lx}" y="{ly}" fill="url(#bar)" stroke="black"/>"#
    );
    let step = tick_step(vmax as f64, 5.0) as u64;
    let mut v = 1;
    while v <= vmax {
        let py = if vmax <= 1 {
            ly + bar_h / 2
        } else {
            ly + ((v - 1) as f64 / (vmax - 1) as f64 * f64::from(bar_h)).round() as u32
        };
        let _ = writeln!(
            out,
            r#"<line x1="{}" y1="{py}" x2="{}" y2="{py}" stroke="black"/><text x="{}" y="{}">{v}</text>"#,
            lx + 16,
            lx + 20,
            lx + 23,
            py + 4
        );
        v = if v == 1 && step > 1 { step } else { v + step };
    }
    if !(vmax - 1).is_multiple_of(step) && !vmax.is_multiple_of(step) {
        let py = ly + bar_h;
        let _ = writeln!(
            out,
            r#"<line x1="{}" y1="{py}" x2="{}" y2="{py}" stroke="black"/><text x="{}" y="{}">{vmax}</text>"#,
            lx + 16,
            lx + 20,
            lx + 23,
            py + 4
        );
    }
}

/// An SVG picture rasterised to PNG bytes, at its own size on white.
///
/// Rasterised by `resvg` (pure Rust, no system library). Text is shaped
/// with fonts found on the machine at run time (`fontdb`'s system font
/// search, e.g. DejaVu Sans on Linux), so the binary carries no font file
/// and a picture's text matches what an SVG viewer on the same machine
/// shows. Where no font is installed, the text is left out (the shapes are
/// still drawn) and the returned flag is false. (Embedding a font would
/// add most of a megabyte to the binary for the few labels a plot has;
/// rendering text as paths needs a font just the same.)
pub fn svg_to_png(svg: &str) -> Result<(Vec<u8>, bool), String> {
    let mut opt = resvg::usvg::Options::default();
    let mut fonts = resvg::usvg::fontdb::Database::new();
    fonts.load_system_fonts();
    let have_fonts = !fonts.is_empty();
    // Generic families resolve to a font present here.
    let sans = fonts
        .faces()
        .flat_map(|f| f.families.iter().map(|(name, _)| name.clone()))
        .find(|name| name.contains("Sans") && !name.contains("Mono"));
    if let Some(name) = sans {
        fonts.set_sans_serif_family(name);
    }
    opt.fontdb = std::sync::Arc::new(fonts);
    let tree = resvg::usvg::Tree::from_str(svg, &opt).map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| "picture of zero size".to_string())?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    Ok((encode_rgb(&pixmap)?, have_fonts))
}

/// The picture as an opaque RGB PNG, compressed hard with adaptive row
/// filters: pictures are flat colours and repeated hatching, which this
/// packs several times smaller than a default RGBA encoding.
fn encode_rgb(pixmap: &resvg::tiny_skia::Pixmap) -> Result<Vec<u8>, String> {
    let rgb: Vec<u8> = pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            // Opaque (painted on white), so premultiplied is plain colour.
            let c = p.demultiply();
            [c.red(), c.green(), c.blue()]
        })
        .collect();
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Best);
    enc.set_filter(png::FilterType::Paeth);
    enc.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
    let mut w = enc.write_header().map_err(|e| e.to_string())?;
    w.write_image_data(&rgb).map_err(|e| e.to_string())?;
    w.finish().map_err(|e| e.to_string())?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(from: i64, values: &[u32]) -> String {
        sequence_svg(&Sequence {
            title: "t",
            from,
            values,
            rare: &[],
            period: None,
            names: None,
            y_label: "G(n)",
            infinite: "∞",
        })
    }

    #[test]
    fn x_ticks_are_round_real_parameters() {
        let svg = seq(-7, &[0; 20]);
        // n runs from -7 to 12; ticks every 2 from -6.
        assert!(svg.contains(r#"text-anchor="middle">-6</text>"#));
        assert!(svg.contains(r#"text-anchor="middle">12</text>"#));
        assert!(!svg.contains(r#"text-anchor="middle">-7</text>"#));
        // Near the end of i64 nothing overflows.
        let svg = seq(i64::MAX - 3, &[1, 2, 3, 4]);
        assert!(svg.contains(&format!(">{}</text>", i64::MAX)));
        assert!(seq(0, &[]).ends_with("</svg>\n"));
    }

    #[test]
    fn zero_is_black_and_apart_from_the_ramp() {
        assert_eq!(viridis(0.0), "#440154");
        assert_eq!(viridis(1.0), "#fde725");
        // The darkest value colour is well away from black.
        let c = value_colour(1, 9);
        let sum: u32 = (0..3)
            .map(|k| u32::from_str_radix(&c[1 + 2 * k..3 + 2 * k], 16).unwrap())
            .sum();
        assert!(sum > 200, "{c}");
        let rows = vec![
            vec![Cell::Value(0), Cell::Value(3)],
            vec![Cell::Infinite("∞{1}".into())],
        ];
        let svg = table_svg(&Table {
            title: "t",
            row_from: i64::MAX,
            col_from: -1,
            rows: &rows,
            scale: Scale::Values,
        });
        assert!(svg.contains(r##"fill="#000000"><title>"##));
        assert!(svg.contains("∞{1}</title>"));
    }
}
