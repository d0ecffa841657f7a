#include "regreader/parse/pdf/rule_device.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace regreader::parse {

namespace {

// A filled rectangle thinner than this (points) is a ruling line, not a shaded area.
constexpr float kMaxRuleThickness = 2.5f;
// Segments shorter than this (points) are glyph details or dots, not table rules.
constexpr float kMinRuleLength = 4.0f;

// It also passes what the text device reads on to it (`text`), so the page's content stream is
// interpreted once for both: MuPDF has no device that forwards to two others, and a display list
// replayed twice cost its recording and a bound for every glyph (FreeType outlines).
struct RuleDevice {
  fz_device super;
  fz_device* text;
  std::vector<PdfRule>* rules;
  float* largest_image_area;
  fz_rect bounds;
  std::vector<fz_point>* stroked;  ///< origins of glyphs drawn with a stroke (render mode 1/2)
};

struct PathState {
  fz_matrix ctm;
  fz_point start{}, cur{};
  std::vector<std::pair<fz_point, fz_point>> segments;
  std::vector<fz_rect> rects;
};

void add_segment(PathState& s, fz_point a, fz_point b) {
  s.segments.emplace_back(fz_transform_point(a, s.ctm), fz_transform_point(b, s.ctm));
}

void walk_moveto(fz_context*, void* arg, float x, float y) {
  auto& s = *static_cast<PathState*>(arg);
  s.start = s.cur = {x, y};
}
void walk_lineto(fz_context*, void* arg, float x, float y) {
  auto& s = *static_cast<PathState*>(arg);
  add_segment(s, s.cur, {x, y});
  s.cur = {x, y};
}
void walk_curveto(fz_context*, void* arg, float, float, float, float, float x3, float y3) {
  static_cast<PathState*>(arg)->cur = {x3, y3};  // curves are never table rules
}
void walk_closepath(fz_context*, void* arg) {
  auto& s = *static_cast<PathState*>(arg);
  add_segment(s, s.cur, s.start);
  s.cur = s.start;
}
void walk_rectto(fz_context*, void* arg, float x0, float y0, float x1, float y1) {
  auto& s = *static_cast<PathState*>(arg);
  s.rects.push_back(fz_transform_rect(fz_make_rect(x0, y0, x1, y1), s.ctm));
}

const fz_path_walker kWalker = {walk_moveto, walk_lineto, walk_curveto, walk_closepath,
                                nullptr,     nullptr,     nullptr,      walk_rectto};

void keep_rule(RuleDevice* d, float x0, float y0, float x1, float y1) {
  if (x0 > x1) std::swap(x0, x1);
  if (y0 > y1) std::swap(y0, y1);
  const bool horizontal = (y1 - y0) <= kMaxRuleThickness && (x1 - x0) >= kMinRuleLength;
  const bool vertical = (x1 - x0) <= kMaxRuleThickness && (y1 - y0) >= kMinRuleLength;
  if (!horizontal && !vertical) return;
  const float bx = d->bounds.x0, by = d->bounds.y0;
  if (horizontal) {
    const float y = (y0 + y1) / 2 - by;
    d->rules->push_back({x0 - bx, y, x1 - bx, y});
  } else {
    const float x = (x0 + x1) / 2 - bx;
    d->rules->push_back({x, y0 - by, x, y1 - by});
  }
}

void record_path(fz_context* ctx, fz_device* dev, const fz_path* path, fz_matrix ctm) {
  auto* d = reinterpret_cast<RuleDevice*>(dev);
  PathState s;
  s.ctm = ctm;
  fz_walk_path(ctx, path, &kWalker, &s);
  for (const auto& [a, b] : s.segments)
    keep_rule(d, a.x, a.y, b.x, b.y);
  // A thin rectangle (filled or stroked) is a rule; a large one gives its four edges.
  for (const auto& r : s.rects) {
    if (r.y1 - r.y0 <= kMaxRuleThickness || r.x1 - r.x0 <= kMaxRuleThickness) {
      keep_rule(d, r.x0, r.y0, r.x1, r.y1);
    } else {
      keep_rule(d, r.x0, r.y0, r.x1, r.y0);
      keep_rule(d, r.x0, r.y1, r.x1, r.y1);
      keep_rule(d, r.x0, r.y0, r.x0, r.y1);
      keep_rule(d, r.x1, r.y0, r.x1, r.y1);
    }
  }
}

// Paper-white: every RGB channel at least this (0-1).
constexpr float kWhite = 0.97f;

// A fill in the paper's colour draws nothing a reader sees. Word's PDF export paints every cell's
// paragraphs on white rectangles inset in the cell: their edges are not borders, and taken as
// rules they cut a table into a row per line and a sliver column beside each border.
bool paper_white(fz_context* ctx, fz_colorspace* cs, const float* color, fz_color_params params) {
  if (!cs || !color) return false;
  float rgb[3] = {0, 0, 0};
  fz_convert_color(ctx, cs, color, fz_device_rgb(ctx), rgb, nullptr, params);
  return rgb[0] >= kWhite && rgb[1] >= kWhite && rgb[2] >= kWhite;
}

fz_device* text_device(fz_device* dev) {
  return reinterpret_cast<RuleDevice*>(dev)->text;
}

void fill_path(fz_context* ctx, fz_device* dev, const fz_path* path, int, fz_matrix ctm,
               fz_colorspace* cs, const float* color, float alpha, fz_color_params params) {
  if (alpha <= 0 || paper_white(ctx, cs, color, params)) return;
  record_path(ctx, dev, path, ctm);
}

// What the text device reads, passed on unchanged: text in every render mode (invisible text is
// a scan's OCR layer), the clips it may push and the pops that match them, and images.
void fill_text(fz_context* ctx, fz_device* dev, const fz_text* text, fz_matrix ctm,
               fz_colorspace* cs, const float* color, float alpha, fz_color_params params) {
  fz_fill_text(ctx, text_device(dev), text, ctm, cs, color, alpha, params);
}
void clip_text(fz_context* ctx, fz_device* dev, const fz_text* text, fz_matrix ctm,
               fz_rect scissor) {
  fz_clip_text(ctx, text_device(dev), text, ctm, scissor);
}
void clip_stroke_text(fz_context* ctx, fz_device* dev, const fz_text* text,
                      const fz_stroke_state* stroke, fz_matrix ctm, fz_rect scissor) {
  fz_clip_stroke_text(ctx, text_device(dev), text, stroke, ctm, scissor);
}
void ignore_text(fz_context* ctx, fz_device* dev, const fz_text* text, fz_matrix ctm) {
  fz_ignore_text(ctx, text_device(dev), text, ctm);
}
void clip_path(fz_context* ctx, fz_device* dev, const fz_path* path, int even_odd, fz_matrix ctm,
               fz_rect scissor) {
  fz_clip_path(ctx, text_device(dev), path, even_odd, ctm, scissor);
}
void clip_stroke_path(fz_context* ctx, fz_device* dev, const fz_path* path,
                      const fz_stroke_state* stroke, fz_matrix ctm, fz_rect scissor) {
  fz_clip_stroke_path(ctx, text_device(dev), path, stroke, ctm, scissor);
}
void clip_image_mask(fz_context* ctx, fz_device* dev, fz_image* image, fz_matrix ctm,
                     fz_rect scissor) {
  fz_clip_image_mask(ctx, text_device(dev), image, ctm, scissor);
}
void pop_clip(fz_context* ctx, fz_device* dev) {
  fz_pop_clip(ctx, text_device(dev));
}
void fill_image_mask(fz_context* ctx, fz_device* dev, fz_image* image, fz_matrix ctm,
                     fz_colorspace* cs, const float* color, float alpha, fz_color_params params) {
  fz_fill_image_mask(ctx, text_device(dev), image, ctm, cs, color, alpha, params);
}

void stroke_path(fz_context* ctx, fz_device* dev, const fz_path* path, const fz_stroke_state*,
                 fz_matrix ctm, fz_colorspace*, const float*, float alpha, fz_color_params) {
  if (alpha <= 0) return;
  record_path(ctx, dev, path, ctm);
}

// Text drawn with a stroke as well as a fill (render mode 2) is how many Word-to-PDF printers set
// "bold" in a regular font: the stext device cannot tell (MuPDF 1.21 keeps no render mode per
// character), so the glyph origins are recorded here and matched to the characters afterwards.
void stroke_text(fz_context* ctx, fz_device* dev, const fz_text* text,
                 const fz_stroke_state* stroke, fz_matrix ctm, fz_colorspace* cs,
                 const float* color, float alpha, fz_color_params params) {
  auto* d = reinterpret_cast<RuleDevice*>(dev);
  fz_stroke_text(ctx, d->text, text, stroke, ctm, cs, color, alpha, params);
  if (alpha <= 0) return;
  for (const fz_text_span* span = text->head; span; span = span->next)
    for (int i = 0; i < span->len; ++i) {
      const fz_point p = fz_transform_point_xy(span->items[i].x, span->items[i].y, ctm);
      d->stroked->push_back({p.x - d->bounds.x0, p.y - d->bounds.y0});
    }
}

// An image is drawn as the unit square through `ctm`: its area is the determinant.
void fill_image(fz_context* ctx, fz_device* dev, fz_image* image, fz_matrix ctm, float alpha,
                fz_color_params params) {
  auto* d = reinterpret_cast<RuleDevice*>(dev);
  fz_fill_image(ctx, d->text, image, ctm, alpha, params);
  *d->largest_image_area =
      std::max(*d->largest_image_area, std::fabs(ctm.a * ctm.d - ctm.b * ctm.c));
}

}  // namespace

fz_device* new_rule_device(fz_context* ctx, fz_device* text, fz_rect bounds,
                           std::vector<PdfRule>& rules, float& largest_image_area,
                           std::vector<fz_point>& stroked) {
  auto* rd = fz_new_derived_device(ctx, RuleDevice);
  rd->text = text;
  rd->rules = &rules;
  rd->largest_image_area = &largest_image_area;
  rd->bounds = bounds;
  rd->stroked = &stroked;
  fz_device& d = rd->super;
  d.fill_path = fill_path;
  d.stroke_path = stroke_path;
  d.clip_path = clip_path;
  d.clip_stroke_path = clip_stroke_path;
  d.fill_text = fill_text;
  d.stroke_text = stroke_text;
  d.clip_text = clip_text;
  d.clip_stroke_text = clip_stroke_text;
  d.ignore_text = ignore_text;
  d.fill_image = fill_image;
  d.fill_image_mask = fill_image_mask;
  d.clip_image_mask = clip_image_mask;
  d.pop_clip = pop_clip;
  return &rd->super;
}

// Characters whose glyph was also stroked (see stroke_text) are bold.
void mark_stroked_bold(std::vector<PdfChar>& chars, std::vector<fz_point> stroked) {
  if (stroked.empty()) return;
  auto before = [](const fz_point& a, const fz_point& b) {
    return a.y < b.y || (a.y == b.y && a.x < b.x);
  };
  std::sort(stroked.begin(), stroked.end(), before);
  constexpr float kSlack = 0.5f;
  for (auto& c : chars) {
    if (c.bold) continue;
    auto it = std::lower_bound(stroked.begin(), stroked.end(), fz_point{-1e9f, c.baseline - kSlack},
                               before);
    for (; it != stroked.end() && it->y <= c.baseline + kSlack; ++it)
      if (std::fabs(it->x - c.x0) <= kSlack) {
        c.bold = true;
        break;
      }
  }
}

}  // namespace regreader::parse
