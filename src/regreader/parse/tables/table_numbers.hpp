#pragma once
// Which numbers of a table read by OCR are unsure, from the table itself: its columns and rows
// of figures say what a cell should look like, and a cell that does not is marked, whatever
// confidence tesseract gave its characters.

#include "regreader/model/table_meta.hpp"

namespace regreader::parse {

/// A table read by OCR: cells whose reading a column of numbers puts in doubt are unsure.
/// - OCR that misreads a number often returns no digit at all (`到. 全` for 4.0 under a seal),
///   and then no digit's confidence marks the cell: a body cell without a digit in a column whose
///   other body cells are mostly numbers is unsure.
/// - OCR reads the 、 between two whole numbers as a decimal point (`20.35` for 20、35 kV: two
///   voltages, not one), confidently, and drops a faint point (`10` for 1.0): a cell with a
///   decimal point in a column of whole numbers, or a whole number in a column of decimals, is
///   unsure.
/// - A number read in pieces or with a stray mark (`doubtful_number`) is unsure wherever it
///   stands.
/// - In a column whose numbers start their cells (`750`, `±500`), a cell with a character before
///   its number (`了750`, `省500`: a seal's stroke or a misread ± read as a glyph) is unsure; a
///   quote alone before it (`”4.00`: a seal's edge read as a glyph) goes, and the number is
///   marked unsure.
/// - In a column of numbers running in order down the table (voltage classes, the distances
///   beside them), a number outside the two around it where those two keep the order (`100 |
///   1051 | 110`) is unsure.
/// - A cell that is one Chinese numeral alone (`二`) in a row whose other cells are numbers is a
///   dash or a digit misread (表E.1's `330 | 3.2 | — | 380` read `330 | 2 | 二 | 380`): a printed
///   row of figures does not hold a Chinese numeral. `一` alone is how OCR reads a printed `—`.
/// - A row of figures with no cell in a column of numbers lost a value OCR did not read (`<1 |`
///   for `<1 | 1.5` under a seal): its cells are unsure, and the missing value is an empty cell
///   marked unsure (`<1 (?) | (?)`); an empty cell there is marked unsure the same way.
/// - In a column of whole numbers, two nominal voltages joined by a point or a comma (`20.35`,
///   `66,110`: OCR's reading of `20、35`) are the list the page prints, marked unsure.
/// - In a column of numbers, a number read with Latin letters for digits they resemble (`±B00`,
///   `1O`; B O o I l S Z), with more digits than letters, gets the digits back, marked unsure.
/// - In a column of numbers with direct-current rows (`±500`, `±660`), a number beside one of them
///   read with a plus only (`+500`), or bare and no nominal AC voltage (`50` for ±50: OCR lost the
///   thin ±), gets the ± back, marked unsure.
/// - A first row whose filled cells all hold figures (`10及以下 | `) is a row of data, checked as
///   the others are: the reading lost the header's words, not the first row's value.
void mark_numbers_not_read(model::TableMeta& t);

}  // namespace regreader::parse
