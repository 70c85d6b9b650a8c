#include "lint/shell_lexer.hpp"

#include <algorithm>
#include <cctype>

namespace dd::lint {

namespace {

class Lexer {
 public:
  Lexer(std::string_view text, int first_line) : s_(text), line_(first_line) {}

  std::vector<ShellCommand> run() {
    while (i_ < s_.size()) {
      if (!in_word_ && word_.empty()) word_line_ = line_;  // the line a word starts on
      if (!separator()) word_char();
    }
    end_command();
    return std::move(out_);
  }

 private:
  // What ends a word or a command at s_[i_]: a line continuation, a newline (and the heredoc body
  // after it), a blank, a comment, an operator, a heredoc's "<<". False when s_[i_] is part of a word.
  bool separator() {
    char c = s_[i_];
    if (c == '\\' && i_ + 1 < s_.size() && s_[i_ + 1] == '\n') {  // continuation
      end_word();
      i_ += 2;
      ++line_;
    } else if (c == '\n') {
      end_command();
      ++i_;
      ++line_;
      if (!heredoc_.empty()) skip_heredoc();
    } else if (c == ' ' || c == '\t' || c == '\r') {
      end_word();
      ++i_;
    } else if (c == '#' && word_.empty() && !in_word_) {
      while (i_ < s_.size() && s_[i_] != '\n') ++i_;
    } else if (c == '&' && i_ + 1 < s_.size() && s_[i_ + 1] == '>') {  // &> redirection: part of no command word
      end_word();
      i_ += 2;
    } else if (c == '&' && !word_.empty() && (word_.back() == '>' || word_.back() == '<')) {  // 2>&1, >&2: one word
      return false;
    } else if (c == ';' || c == '|' || c == '&' || c == '(' || c == ')') {
      end_command();
      ++i_;
    } else if (c == '<' && s_.substr(i_, 2) == "<<") {
      heredoc_start();
    } else {
      return false;
    }
    return true;
  }

  // A word's character at s_[i_]: quotes, $( ) and ${ }, backquotes and backslashes are read whole.
  void word_char() {
    char c = s_[i_];
    if (c == '\'') {
      single_quoted();
    } else if (c == '"') {
      double_quoted();
    } else if (c == '$' && i_ + 1 < s_.size() && (s_[i_ + 1] == '(' || s_[i_ + 1] == '{')) {
      nested(s_[i_ + 1], s_[i_ + 1] == '(' ? ')' : '}');
    } else if (c == '`') {
      backquoted();
    } else if (c == '\\' && i_ + 1 < s_.size()) {
      in_word_ = true;
      word_ += s_[i_ + 1];
      i_ += 2;
    } else {
      in_word_ = true;
      word_ += c;
      ++i_;
    }
  }

  // "<<TAG" or "<<-TAG": the tag (unquoted) whose line ends the heredoc body after this line.
  void heredoc_start() {
    end_word();
    i_ += 2;
    if (i_ < s_.size() && s_[i_] == '-') ++i_;
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
    std::string tag;
    while (i_ < s_.size() && s_[i_] != '\n' && s_[i_] != ' ' && s_[i_] != ';') {
      if (s_[i_] != '\'' && s_[i_] != '"') tag += s_[i_];
      ++i_;
    }
    heredoc_ = tag;
  }

  // '...': the text up to the closing quote, verbatim.
  void single_quoted() {
    in_word_ = true;
    ++i_;
    while (i_ < s_.size() && s_[i_] != '\'') {
      if (s_[i_] == '\n') ++line_;
      word_ += s_[i_++];
    }
    ++i_;
  }

  // "...": the text up to the closing quote, with \" \\ \$ \` unescaped and \<newline> removed.
  void double_quoted() {
    in_word_ = true;
    ++i_;
    while (i_ < s_.size() && s_[i_] != '"') {
      if (s_[i_] == '\\' && i_ + 1 < s_.size()) {
        char n = s_[i_ + 1];
        if (n == '\n') {
          ++line_;
          i_ += 2;
          continue;
        }
        if (n == '"' || n == '\\' || n == '$' || n == '`') {
          word_ += n;
          i_ += 2;
          continue;
        }
      }
      if (s_[i_] == '\n') ++line_;
      word_ += s_[i_++];
    }
    ++i_;
  }

  // `...`: kept verbatim in the word, backquotes included.
  void backquoted() {
    in_word_ = true;
    word_ += s_[i_++];
    while (i_ < s_.size() && s_[i_] != '`') {
      if (s_[i_] == '\n') ++line_;
      word_ += s_[i_++];
    }
    if (i_ < s_.size()) word_ += s_[i_++];
  }

  // $( ... ) or ${ ... } kept verbatim in the word, nesting counted.
  void nested(char open, char close) {
    in_word_ = true;
    word_ += s_[i_++];  // $
    int depth = 0;
    while (i_ < s_.size()) {
      char c = s_[i_];
      if (c == open) ++depth;
      if (c == close) --depth;
      if (c == '\n') ++line_;
      word_ += c;
      ++i_;
      if (depth == 0) break;
    }
  }

  void skip_heredoc() {
    while (i_ < s_.size()) {
      std::size_t e = s_.find('\n', i_);
      std::string_view l = s_.substr(i_, e == std::string_view::npos ? std::string_view::npos : e - i_);
      while (!l.empty() && (l.front() == '\t' || l.front() == ' ')) l.remove_prefix(1);
      i_ = e == std::string_view::npos ? s_.size() : e + 1;
      ++line_;
      if (l == heredoc_) break;
    }
    heredoc_.clear();
  }

  void end_word() {
    if (!in_word_ && word_.empty()) return;
    if (cur_.words.empty()) cur_.line = word_line_;
    cur_.words.push_back(std::move(word_));
    word_.clear();
    in_word_ = false;
  }

  void end_command() {
    end_word();
    if (!cur_.words.empty()) out_.push_back(std::move(cur_));
    cur_ = {};
  }

  std::string_view s_;
  std::size_t i_ = 0;
  int line_;
  std::string word_;
  bool in_word_ = false;
  int word_line_ = 0;
  std::string heredoc_;
  ShellCommand cur_;
  std::vector<ShellCommand> out_;
};

}  // namespace

std::vector<ShellCommand> split_commands(std::string_view text, int first_line) {
  return Lexer(text, first_line).run();
}

std::vector<ShellCommand> sbatch_directives(std::string_view text) {
  std::vector<ShellCommand> out;
  int line = 0;
  std::size_t i = 0;
  while (i <= text.size()) {
    std::size_t e = text.find('\n', i);
    std::string_view l = text.substr(i, e == std::string_view::npos ? std::string_view::npos : e - i);
    ++line;
    if (l.rfind("#SBATCH", 0) == 0) {
      auto cmds = split_commands(l.substr(7), line);
      if (!cmds.empty()) out.push_back(std::move(cmds.front()));
    }
    if (e == std::string_view::npos) break;
    i = e + 1;
  }
  return out;
}

bool is_assignment(std::string_view w) {
  auto eq = w.find('=');
  if (eq == std::string_view::npos || eq == 0) return false;
  if (!(std::isalpha(static_cast<unsigned char>(w[0])) || w[0] == '_')) return false;
  return std::all_of(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(eq),
                     [](unsigned char c) { return std::isalnum(c) || c == '_'; });
}

}  // namespace dd::lint
