#pragma once
// A tool of RegReader's tool set, declared as data: what the MCP server lists (name, description,
// schemas, annotations) and the plain function it calls. Tools take JSON arguments (validated
// against input_schema before the function runs) and return JSON that matches output_schema.

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "regreader/index/engine.hpp"
#include "regreader/index/regulation_mentions.hpp"
#include "regreader/index/synonyms.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::tools {

/// What a tool may use: the library's engine, the data directory, and a way to report progress.
struct ToolContext {
  const index::Engine& engine;
  std::filesystem::path data_dir;
  const index::SynonymTable* synonyms = nullptr;  ///< null: the built-in pairs
  /// Reports progress of a slow call (done, total, message); may be empty.
  std::function<void(double, double, const std::string&)> progress;
  const index::AliasTable* aliases = nullptr;  ///< names of regulations; null: the built-in ones

  /// The stored documents.
  const store::DocumentStore& store() const { return engine.documents(); }
};

/// A tool's answer: `structured` matches the tool's output schema; `text` is what a model reads
/// (empty: the server renders `structured` as JSON text).
struct ToolResult {
  nlohmann::json structured;
  std::string text;

  /// What a reader is shown: the text, else the structured result as JSON (`indent` as for
  /// nlohmann::json::dump).
  std::string readable(int indent = -1) const {
    return text.empty() ? structured.dump(indent) : text;
  }
};

struct ToolSpec {
  std::string name;
  std::string title;
  std::string description;  ///< teaches the model when and how to use the tool
  nlohmann::json input_schema;
  nlohmann::json output_schema;
  bool advanced = false;  ///< listed only with REGREADER_ENABLE_ADVANCED_TOOLS=true
  std::function<ToolResult(const ToolContext&, const nlohmann::json& args)> fn;
};

}  // namespace regreader::tools
