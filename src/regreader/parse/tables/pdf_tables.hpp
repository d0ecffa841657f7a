#pragma once
// Tables on a PDF page, from layout alone (MuPDF 1.21 has no table detection): runs of lines
// whose wide gaps line up in columns, with ruling lines used where the page draws them —
// vertical rules give the column borders, horizontal rules separate the header and, in a fully
// ruled table, the rows.

#include <vector>

#include "regreader/model/table_meta.hpp"
#include "regreader/parse/pdf/pdf_layout.hpp"

namespace regreader::parse {

struct PdfTable {
  size_t first_line = 0;   ///< index into PdfPage::lines
  size_t last_line = 0;    ///< inclusive
  model::TableMeta table;  ///< cells; the first row is the header
};

/// Finds the tables of a page; the lines they cover are not paragraphs.
std::vector<PdfTable> detect_tables(const PdfPage& page);

}  // namespace regreader::parse
