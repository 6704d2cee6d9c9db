package io.mathbeam.core.report.html;

/**
 * The page's inline stylesheet and script. The script only reads the page (data attributes and the
 * JSON block), never writes untrusted text as HTML, and marks {@code <body
 * data-report-ready="true">} when it finished, which bin/check-report looks for.
 */
final class PageAssets {
  private PageAssets() {}

  static final String CSS =
      """
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1320px; padding: 16px 24px 48px;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
  color: #1d1d1f; background: #fff; }
[hidden] { display: none !important; }
h1 { font-size: 24px; margin: 8px 0 4px; }
h2 { font-size: 19px; margin: 28px 0 8px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 16px 0 6px; }
nav ul { display: flex; flex-wrap: wrap; gap: 4px 16px; padding: 0; list-style: none; }
.meta { color: #555; }
.banner { border: 2px solid #D55E00; background: #fff4ec; color: #7a2e00; padding: 10px 14px;
  border-radius: 6px; font-weight: 600; margin: 12px 0; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid #ddd; padding: 4px 10px; text-align: left; vertical-align: top; }
th { background: #f4f4f6; }
table.numbers td { font-variant-numeric: tabular-nums; }
table.facts td:first-child { font-weight: 600; white-space: nowrap; }
table.facts td { overflow-wrap: anywhere; }
.charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(520px, 1fr));
  gap: 16px; }
figure { margin: 0; }
figcaption { color: #555; font-size: 13px; margin-top: 2px; }
svg.chart { width: 100%; max-width: 640px; height: auto; display: block; }
svg.chart text { font: 12px system-ui, "DejaVu Sans", sans-serif; fill: #222; }
svg.chart .axis-title { font-weight: 600; }
svg.chart .panel-title { font-weight: 600; }
svg.chart .bar-label { font-size: 10px; fill: #333; }
svg.chart .empty { fill: #888; font-style: italic; }
svg.chart .grid { stroke: #e6e6e6; }
svg.chart .axis { stroke: #444; }
svg.chart .dashed { stroke-dasharray: 6 3; }
svg.chart .ci-band { stroke: none; }
.filters { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center;
  position: sticky; top: 0; background: #fafafa; border: 1px solid #ddd; padding: 8px;
  z-index: 1; }
article.problem { border: 1px solid #ddd; border-radius: 6px; padding: 8px 12px;
  margin: 10px 0; }
article.problem h3 { margin: 2px 0 6px; overflow-wrap: anywhere; }
.problem-text { white-space: pre-wrap; overflow-wrap: anywhere; background: #f8f8fa;
  padding: 6px 8px; border-radius: 4px; }
.badge { font-size: 12px; padding: 1px 8px; border-radius: 10px; color: #fff; }
.badge.ok { background: #00745a; } .badge.mixed { background: #0072B2; }
.badge.bad { background: #b34e00; }
ol.grades { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; padding: 0;
  margin: 6px 0; }
ol.grades li { font: 12px ui-monospace, "DejaVu Sans Mono", monospace; padding: 1px 6px;
  border-radius: 4px; border: 1px solid; max-width: 24em; overflow: hidden;
  text-overflow: ellipsis; white-space: nowrap; }
li.ok { border-color: #009E73; background: #e6f6f1; }
li.bad { border-color: #D55E00; background: #fcece3; }
li.none { border-color: #888; background: #f0f0f0; }
details.sample { margin: 4px 0; border-left: 4px solid #888; padding-left: 8px; }
details.sample.ok { border-color: #009E73; } details.sample.bad { border-color: #D55E00; }
details.sample summary { cursor: pointer; font: 12px ui-monospace, "DejaVu Sans Mono",
  monospace; overflow-wrap: anywhere; }
pre.response, pre.code, pre.first-failure { white-space: pre-wrap; overflow-wrap: anywhere;
  max-height: 40em; overflow: auto; background: #f8f8fa; padding: 6px 8px; margin: 4px 0;
  font-size: 12px; }
pre.first-failure { background: #fff4ec; }
.code-result, .code-label { margin: 4px 0; font-size: 12px; color: #333; }
.cut { color: #7a2e00; background: #fff4ec; font-style: italic; }
.note { color: #555; font-style: italic; margin: 4px 0; }
code { background: #f0f0f2; padding: 0 3px; border-radius: 3px; overflow-wrap: anywhere; }
""";

  static final String SCRIPT =
      """
      (function () {
        'use strict';
        var data = JSON.parse(document.getElementById('report-data').textContent);
        var filters = document.getElementById('filters');
        var list = document.getElementById('problem-list');
        if (filters && list) {
          var dataset = document.getElementById('filter-dataset');
          var outcome = document.getElementById('filter-outcome');
          var search = document.getElementById('filter-search');
          var count = document.getElementById('filter-count');
          var problems = Array.prototype.slice.call(list.querySelectorAll('article.problem'));
          data.datasets.forEach(function (name) {
            var option = document.createElement('option');
            option.value = name;
            option.textContent = name;
            dataset.appendChild(option);
          });
          var matches = function (el) {
            var correct = Number(el.getAttribute('data-correct'));
            var samples = Number(el.getAttribute('data-samples'));
            if (dataset.value !== '' && el.getAttribute('data-dataset') !== dataset.value) {
              return false;
            }
            if (outcome.value === 'solved' && correct === 0) { return false; }
            if (outcome.value === 'unsolved' && correct !== 0) { return false; }
            if (outcome.value === 'partial' && (correct === 0 || correct === samples)) {
              return false;
            }
            var query = search.value.trim().toLowerCase();
            if (query === '') { return true; }
            var text = el.querySelector('.problem-text');
            return el.getAttribute('data-id').toLowerCase().indexOf(query) !== -1
                || (text !== null && text.textContent.toLowerCase().indexOf(query) !== -1);
          };
          var apply = function () {
            var shown = 0;
            problems.forEach(function (el) {
              var ok = matches(el);
              el.hidden = !ok;
              if (ok) { shown += 1; }
            });
            count.textContent = 'showing ' + shown + ' of ' + problems.length + ' problems';
          };
          dataset.addEventListener('change', apply);
          outcome.addEventListener('change', apply);
          search.addEventListener('input', apply);
          document.getElementById('expand-shown').addEventListener('click', function () {
            problems.forEach(function (el) {
              if (!el.hidden) {
                el.querySelectorAll('details').forEach(function (d) { d.open = true; });
              }
            });
          });
          document.getElementById('collapse-all').addEventListener('click', function () {
            list.querySelectorAll('details').forEach(function (d) { d.open = false; });
          });
          filters.hidden = false;
          apply();
        }
        document.body.setAttribute('data-report-ready', 'true');
      })();
      """;
}
