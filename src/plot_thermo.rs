//! A thermograph drawn as Winning Ways draws one: temperature t upward,
//! values along the horizontal axis with + on the left and − on the right
//! (so Left's wall is on the left), Left's wall in blue, Right's in red,
//! the mast in black from the temperature up, the temperature marked by a
//! dotted line and a dot where the walls meet, and the axis t = 0 with
//! its value ticks. Ticks fall on dyadic values (powers of two apart),
//! labelled as fractions.

use std::fmt::Write as _;

use crate::partizan::{Dyadic, Thermograph, Wall};

const W: u32 = 760;
const H: u32 = 520;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 40.0;
const TOP: f64 = 60.0;
const BOTTOM: f64 = 60.0;

const BLUE: &str = "#1f5fa8";
const RED: &str = "#d62728";

fn f(x: Dyadic) -> f64 {
    x.numerator() as f64 / (1u64 << x.exponent()) as f64
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// `i · 2^k` as a fraction in lowest terms (`3/4`, `-2`, `0`).
fn tick_label(i: i64, k: i32) -> String {
    if k >= 0 {
        return (i << k).to_string();
    }
    let (mut num, mut den) = (i, 1i64 << (-k));
    while den > 1 && num % 2 == 0 {
        num /= 2;
        den /= 2;
    }
    if den == 1 {
        num.to_string()
    } else {
        format!("{num}/{den}")
    }
}

/// Ticks over `[lo, hi]`: a power of two `2^k` apart, about 4 to 10 of them.
fn ticks(lo: f64, hi: f64) -> (i32, Vec<i64>) {
    let range = (hi - lo).max(1e-9);
    let mut k = (range / 6.0).log2().floor() as i32;
    k = k.clamp(-20, 40);
    let step = 2f64.powi(k);
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    (k, (first..=last).collect())
}

/// The vertices `(value, t)` of a wall from t = −1 to its last point.
fn vertices(w: &Wall) -> Vec<(f64, f64)> {
    w.points
        .iter()
        .map(|p| (f(w.at(p.t).unwrap_or(p.value)), f(p.t)))
        .collect()
}

/// The SVG of a thermograph, titled `title`.
pub fn thermograph_svg(th: &Thermograph, title: &str) -> String {
    let (lw, rw) = (vertices(&th.left), vertices(&th.right));
    let frame = Frame::new(&lw, &rw, f(th.mean), f(th.temperature));
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="DejaVu Sans, sans-serif" font-size="12">
<rect width="{W}" height="{H}" fill="white"/>
<text x="{}" y="24" text-anchor="middle" font-size="15">{}</text>
"#,
        W / 2,
        escape(title)
    );
    axes(&mut out, &frame);
    walls_and_mast(&mut out, &frame, th, &lw, &rw);
    out.push_str("</svg>\n");
    out
}

/// The values and temperatures shown, and where they land in the plotted
/// area.
struct Frame {
    vmin: f64,
    vmax: f64,
    tmin: f64,
    tmax: f64,
    /// The plotted area's width and height.
    pw: f64,
    ph: f64,
}

impl Frame {
    /// Every vertex of the walls and the mean, padded; temperatures from
    /// −1 to above `temp`.
    fn new(lw: &[(f64, f64)], rw: &[(f64, f64)], mean: f64, temp: f64) -> Frame {
        let vals = lw.iter().chain(rw).map(|p| p.0).chain([mean]);
        let (mut vmin, mut vmax) = vals.fold((mean, mean), |(a, b), v| (a.min(v), b.max(v)));
        let pad = ((vmax - vmin) * 0.12).max(0.5);
        vmin -= pad;
        vmax += pad;
        Frame {
            vmin,
            vmax,
            tmin: -1.0,
            tmax: temp.max(0.0) + ((temp.max(0.0) + 1.0) * 0.35).max(0.75),
            pw: f64::from(W) - LEFT - RIGHT,
            ph: f64::from(H) - TOP - BOTTOM,
        }
    }

    /// The x of a value: + on the left, the largest value at the left edge.
    fn x(&self, v: f64) -> f64 {
        LEFT + self.pw * (self.vmax - v) / (self.vmax - self.vmin)
    }

    /// The y of a temperature.
    fn y(&self, t: f64) -> f64 {
        TOP + self.ph * (self.tmax - t) / (self.tmax - self.tmin)
    }
}

/// The frame, the axis t = 0 with its value ticks, the temperature ticks
/// on the left edge, and the axis names.
fn axes(out: &mut String, fr: &Frame) {
    let (pw, ph) = (fr.pw, fr.ph);
    let _ = writeln!(
        out,
        r##"<rect x="{LEFT}" y="{TOP}" width="{pw}" height="{ph}" fill="none" stroke="#bbbbbb"/>"##
    );
    let y0 = fr.y(0.0);
    let _ = writeln!(
        out,
        r##"<line class="axis" x1="{LEFT}" y1="{y0:.2}" x2="{:.2}" y2="{y0:.2}" stroke="#444444"/>"##,
        LEFT + pw
    );
    let (k, vt) = ticks(fr.vmin, fr.vmax);
    for i in vt {
        let v = i as f64 * 2f64.powi(k);
        let px = fr.x(v);
        let _ = writeln!(
            out,
            r##"<line x1="{px:.2}" y1="{y0:.2}" x2="{px:.2}" y2="{:.2}" stroke="#444444"/><text x="{px:.2}" y="{:.2}" text-anchor="middle">{}</text>"##,
            y0 + 5.0,
            y0 + 18.0,
            tick_label(i, k)
        );
    }
    let (k, tt) = ticks(fr.tmin, fr.tmax);
    for i in tt {
        let t = i as f64 * 2f64.powi(k);
        let py = fr.y(t);
        let _ = writeln!(
            out,
            r##"<line x1="{:.2}" y1="{py:.2}" x2="{LEFT}" y2="{py:.2}" stroke="#444444"/><text x="{:.2}" y="{:.2}" text-anchor="end">{}</text>"##,
            LEFT - 5.0,
            LEFT - 8.0,
            py + 4.0,
            tick_label(i, k)
        );
    }
    // Axis names: temperature up the left, value with its sign at each end.
    let _ = writeln!(
        out,
        r#"<text x="18" y="{:.2}" text-anchor="middle" transform="rotate(-90 18 {:.2})">temperature t</text>"#,
        TOP + ph / 2.0,
        TOP + ph / 2.0
    );
    let _ = writeln!(
        out,
        r#"<text x="{LEFT}" y="{:.2}" text-anchor="start">+ (Left)</text><text x="{:.2}" y="{:.2}" text-anchor="middle">value</text><text x="{:.2}" y="{:.2}" text-anchor="end">− (Right)</text>"#,
        f64::from(H) - 14.0,
        LEFT + pw / 2.0,
        f64::from(H) - 14.0,
        LEFT + pw,
        f64::from(H) - 14.0
    );
}

/// The walls up to the temperature, then the mast; the temperature as a
/// dotted line across and a point on the mast; their labels and legend.
fn walls_and_mast(
    out: &mut String,
    fr: &Frame,
    th: &Thermograph,
    lw: &[(f64, f64)],
    rw: &[(f64, f64)],
) {
    let pw = fr.pw;
    for (wall, colour, class) in [(lw, BLUE, "left-wall"), (rw, RED, "right-wall")] {
        let pts: Vec<String> = wall
            .iter()
            .map(|&(v, t)| format!("{:.2},{:.2}", fr.x(v), fr.y(t)))
            .collect();
        let _ = writeln!(
            out,
            r#"<polyline class="{class}" points="{}" fill="none" stroke="{colour}" stroke-width="3" stroke-linejoin="round"/>"#,
            pts.join(" ")
        );
    }
    let (mx, mt) = (fr.x(f(th.mean)), fr.y(f(th.temperature)));
    let _ = writeln!(
        out,
        r#"<line class="mast" x1="{mx:.2}" y1="{mt:.2}" x2="{mx:.2}" y2="{TOP}" stroke="black" stroke-width="3"/>"#
    );
    let _ = writeln!(
        out,
        r##"<line class="temperature" x1="{LEFT}" y1="{mt:.2}" x2="{:.2}" y2="{mt:.2}" stroke="#777777" stroke-dasharray="4 4"/><circle cx="{mx:.2}" cy="{mt:.2}" r="5" fill="black"/>"##,
        LEFT + pw
    );
    let _ = writeln!(
        out,
        r#"<text x="{:.2}" y="{:.2}" text-anchor="start">temperature {}</text><text x="{:.2}" y="{:.2}" text-anchor="middle">mean {}</text>"#,
        mx + 8.0,
        mt - 8.0,
        th.temperature,
        mx,
        TOP - 6.0,
        th.mean
    );
    let _ = writeln!(
        out,
        r#"<text x="{:.2}" y="46" text-anchor="end"><tspan fill="{BLUE}">Left wall</tspan>  <tspan fill="{RED}">Right wall</tspan>  mast</text>"#,
        LEFT + pw
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::{GameStore, parse};

    fn svg(text: &str) -> String {
        let mut s = GameStore::new();
        let g = parse(&mut s, text).unwrap();
        let th = s.thermograph(g).unwrap();
        thermograph_svg(&th, text)
    }

    /// The x coordinates of a polyline's points.
    fn xs(svg: &str, class: &str) -> Vec<f64> {
        let start = svg.find(&format!("class=\"{class}\" points=\"")).unwrap();
        let rest = &svg[start + class.len() + 17..];
        let pts = &rest[..rest.find('"').unwrap()];
        pts.split(' ')
            .map(|p| p.split(',').next().unwrap().parse().unwrap())
            .collect()
    }

    #[test]
    fn left_wall_on_the_left_and_marks_drawn() {
        // {2|-1/2}: Left stop 2, Right stop −1/2, mean 3/4, temperature 5/4.
        let s = svg("{2|-1/2}");
        let (l, r) = (xs(&s, "left-wall"), xs(&s, "right-wall"));
        // At t = −1 Left's wall (value 3) is left of Right's (−3/2).
        assert!(l[0] < r[0], "{l:?} {r:?}");
        assert!(s.contains("temperature 5/4"));
        assert!(s.contains("mean 3/4"));
        assert!(s.contains("class=\"mast\""));
        assert!(s.contains(">+ (Left)</text>"));
        assert!(s.contains(">temperature t</text>"));
        // Value ticks are dyadic fractions.
        assert!(s.contains(">1/2</text>") || s.contains(">1</text>"));
    }

    #[test]
    fn numbers_and_infinitesimals_draw_too() {
        for text in ["0", "3", "-5/8", "*", "^", "{10|-10}", "{3||2|1}"] {
            let s = svg(text);
            assert!(s.ends_with("</svg>\n"), "{text}");
            assert!(!s.contains("NaN") && !s.contains("inf"), "{text}: {s}");
        }
    }

    #[test]
    fn tick_labels_are_fractions() {
        assert_eq!(tick_label(3, -2), "3/4");
        assert_eq!(tick_label(2, -2), "1/2");
        assert_eq!(tick_label(-4, -2), "-1");
        assert_eq!(tick_label(3, 1), "6");
        let (k, t) = ticks(-1.0, 2.0);
        // Range 3: steps of 1/2, from −1 = −2 · 1/2.
        assert_eq!(k, -1);
        assert_eq!(t.first(), Some(&-2));
        assert_eq!(t.last(), Some(&4));
    }
}
