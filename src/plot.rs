//! Pictures as SVG: the scatter plot of a nim-sequence G(n) against n (rare
//! values marked), and a heatmap of a two-parameter game's values.

use std::fmt::Write as _;

const W: f64 = 900.0;
const H: f64 = 500.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 50.0;

/// Past this many points a scatter plot draws a sample (every k-th heap,
/// plus every rare heap), so the file stays a reasonable size.
pub const MAX_POINTS: usize = 200_000;

fn header(out: &mut String, w: f64, h: f64, title: &str) {
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="white"/>
<text x="{}" y="22" text-anchor="middle" font-size="15">{}</text>
"##,
        w / 2.0,
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

/// G(n) against n; heaps in `rare` are drawn in red.
pub fn sequence_svg(title: &str, values: &[u32], rare: &[usize]) -> String {
    let n = values.len().max(1);
    let vmax = values.iter().copied().max().unwrap_or(0).max(1) as f64;
    let pw = W - LEFT - RIGHT;
    let ph = H - TOP - BOTTOM;
    let x = |i: usize| LEFT + pw * (i as f64) / (n.max(2) - 1) as f64;
    let y = |v: u32| TOP + ph - ph * f64::from(v) / vmax;
    let mut out = String::new();
    header(&mut out, W, H, title);
    // Axes and ticks.
    let _ = writeln!(
        out,
        r##"<path d="M{LEFT},{TOP} V{} H{}" fill="none" stroke="black"/>"##,
        TOP + ph,
        LEFT + pw
    );
    let xs = tick_step(n as f64, 10.0);
    let mut t = 0.0;
    while t < n as f64 {
        let px = x(t as usize);
        let _ = writeln!(
            out,
            r##"<line x1="{px}" y1="{}" x2="{px}" y2="{}" stroke="black"/><text x="{px}" y="{}" text-anchor="middle">{}</text>"##,
            TOP + ph,
            TOP + ph + 5.0,
            TOP + ph + 18.0,
            t
        );
        t += xs;
    }
    let ys = tick_step(vmax, 8.0);
    let mut t = 0.0;
    while t <= vmax {
        let py = y(t as u32);
        let _ = writeln!(
            out,
            r##"<line x1="{}" y1="{py}" x2="{LEFT}" y2="{py}" stroke="black"/><text x="{}" y="{}" text-anchor="end">{}</text>"##,
            LEFT - 5.0,
            LEFT - 8.0,
            py + 4.0,
            t
        );
        t += ys;
    }
    let _ = writeln!(
        out,
        r##"<text x="{}" y="{}" text-anchor="middle">heap n</text><text x="16" y="{}" text-anchor="middle" transform="rotate(-90 16 {})">G(n)</text>"##,
        LEFT + pw / 2.0,
        H - 10.0,
        TOP + ph / 2.0,
        TOP + ph / 2.0
    );
    let step = n.div_ceil(MAX_POINTS).max(1);
    let r = if n > 2000 { 1.0 } else { 2.0 };
    let mut is_rare = vec![false; n];
    for &i in rare {
        if i < n {
            is_rare[i] = true;
        }
    }
    out.push_str(r##"<g fill="#1f5fa8">"##);
    for (i, &v) in values.iter().enumerate().step_by(step) {
        if !is_rare[i] {
            let _ = write!(
                out,
                r##"<circle cx="{:.1}" cy="{:.1}" r="{r}"/>"##,
                x(i),
                y(v)
            );
        }
    }
    out.push_str("</g>\n");
    out.push_str(r##"<g fill="#d62728">"##);
    for (i, &v) in values.iter().enumerate() {
        if is_rare[i] {
            let _ = write!(
                out,
                r##"<circle cx="{:.1}" cy="{:.1}" r="{}"/>"##,
                x(i),
                y(v),
                r + 0.5
            );
        }
    }
    out.push_str("</g>\n");
    if !rare.is_empty() {
        let _ = writeln!(
            out,
            r##"<circle cx="{}" cy="{}" r="4" fill="#d62728"/><text x="{}" y="{}">rare</text><circle cx="{}" cy="{}" r="4" fill="#1f5fa8"/><text x="{}" y="{}">common</text>"##,
            W - 150.0,
            TOP + 6.0,
            W - 140.0,
            TOP + 10.0,
            W - 90.0,
            TOP + 6.0,
            W - 80.0,
            TOP + 10.0
        );
    }
    out.push_str("</svg>\n");
    out
}

/// A heatmap of rows[i][j]; zeros (P-positions) are black.
pub fn table_svg(title: &str, row_from: i64, col_from: i64, rows: &[Vec<u64>]) -> String {
    let nr = rows.len().max(1);
    let nc = rows.first().map(|r| r.len()).unwrap_or(0).max(1);
    let cell = (700.0 / nr.max(nc) as f64).clamp(2.0, 40.0);
    let (w, h) = (
        LEFT + cell * nc as f64 + RIGHT,
        TOP + cell * nr as f64 + BOTTOM,
    );
    let vmax = rows.iter().flatten().copied().max().unwrap_or(0).max(1) as f64;
    let mut out = String::new();
    header(&mut out, w, h, title);
    for (i, row) in rows.iter().enumerate() {
        for (j, &v) in row.iter().enumerate() {
            let fill = if v == 0 {
                "#000000".to_string()
            } else {
                // Light (small values) to dark blue-violet (large).
                let t = (v as f64 / vmax).sqrt();
                let r = (255.0 * (1.0 - 0.8 * t)) as u8;
                let g = (255.0 * (1.0 - 0.9 * t)) as u8;
                format!("#{r:02x}{g:02x}ff")
            };
            let _ = write!(
                out,
                r##"<rect x="{:.1}" y="{:.1}" width="{cell:.1}" height="{cell:.1}" fill="{fill}"><title>({}, {}): {v}</title></rect>"##,
                LEFT + cell * j as f64,
                TOP + cell * i as f64,
                row_from + i as i64,
                col_from + j as i64
            );
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        r##"<text x="{}" y="{}" text-anchor="middle">rows: first parameter from {row_from}; columns: second from {col_from}; black: 0</text>"##,
        w / 2.0,
        h - 15.0
    );
    out.push_str("</svg>\n");
    out
}
