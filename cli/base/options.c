/* options.c - see options.h. */
#include "base/options.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/err.h"
#include "read.h"
#include "wolves.h"

void options_help(const command *c) {
  fputs(c->usage, stdout);
  fputs(c->help, stdout);
}

int options_unknown(const char *cmd, const char *what, const char *text, const char *const *words, int n,
                    const char *prefix) {
  const char *hint = read_suggest(text + strspn(text, "-"), words, n);
  char fmt[200];
  snprintf(fmt, sizeof fmt, "unknown %s '%%s'%s%s%s%s", what, hint ? " (did you mean '" : "",
           hint ? prefix : "", hint ? hint : "", hint ? "'?)" : "");
  return usage_error(cmd, fmt, text);
}

enum { OPT_HELP = 'h', OPT_VERSION = 'V', OPT_LONG = 256 };

/* The long options of c whose names start with the "--" argument a (up to
 * any '='): how many, and the last in *match. */
static int prefix_matches(const command *c, const char *a, const option_spec **match) {
  const size_t n = strcspn(a + 2, "=");
  int count = 0;
  for (const option_spec *o = c->options; o->name || o->short_name; o++)
    if (o->name && strncmp(o->name, a + 2, n) == 0) {
      if (strlen(o->name) == n) { /* exact */
        *match = o;
        return 1;
      }
      *match = o;
      count++;
    }
  return count;
}

/* getopt_long's '?' for argument a, reported as a usage error with a
 * suggestion among c's long options. */
static int bad_option(const command *c, const char *a, int short_name) {
  char text[128];
  if (short_name) {
    snprintf(text, sizeof text, "-%c", short_name);
    return usage_error(c->name, "unknown option '%s'", text);
  }
  const option_spec *o = NULL;
  const size_t n = strcspn(a, "=");
  snprintf(text, sizeof text, "%.*s", (int)(n < 100 ? n : 100), a);
  const int matches = strncmp(a, "--", 2) == 0 ? prefix_matches(c, a, &o) : 0;
  if (matches > 1) return usage_error(c->name, "option '%s' is ambiguous", text);
  if (matches == 1 && a[n] == '=') return usage_error(c->name, "option '%s' takes no value", text);
  const char *words[MAX_OPTIONS + 2];
  int nw = 0;
  for (o = c->options; (o->name || o->short_name) && nw < MAX_OPTIONS; o++)
    if (o->name) words[nw++] = o->name;
  words[nw++] = "help";
  words[nw++] = "version";
  return options_unknown(c->name, "option", text, words, nw, "--");
}

int options_parse(const command *c, int argc, char **argv, char *flags, const char **values, strbuf *repeated,
                  int *first) {
  struct option longs[MAX_OPTIONS + 3];
  char shorts[2 * MAX_OPTIONS + 8] = ":hV";
  size_t nl = 0, ns = strlen(shorts), nf = 0;
  for (const option_spec *o = c->options; o->name || o->short_name; o++) {
    const int k = (int)(o - c->options);
    if (o->name)
      longs[nl++] = (struct option){o->name, o->flag ? no_argument : required_argument, NULL, OPT_LONG + k};
    if (o->short_name) {
      shorts[ns++] = o->short_name;
      if (!o->flag) shorts[ns++] = ':';
    }
  }
  shorts[ns] = '\0';
  longs[nl++] = (struct option){"help", no_argument, NULL, OPT_HELP};
  longs[nl++] = (struct option){"version", no_argument, NULL, OPT_VERSION};
  longs[nl] = (struct option){NULL, 0, NULL, 0};
  opterr = 0;
  optind = 1;
  int ch;
  while ((ch = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
    const option_spec *o = NULL;
    if (ch >= OPT_LONG) o = &c->options[ch - OPT_LONG];
    for (const option_spec *s = c->options; !o && (s->name || s->short_name); s++)
      if (s->short_name && s->short_name == ch) o = s;
    if (ch == OPT_HELP) {
      options_help(c);
      return 1;
    }
    if (ch == OPT_VERSION) {
      printf("wolves %s\n", wolves_version());
      return 1;
    }
    if (ch == ':') {
      char text[128];
      if (optopt >= OPT_LONG)
        snprintf(text, sizeof text, "--%s", c->options[optopt - OPT_LONG].name);
      else
        snprintf(text, sizeof text, "-%c", optopt);
      usage_error(c->name, "option '%s' needs a value", text);
      return -1;
    }
    if (ch == '?' || o == NULL) {
      bad_option(c, argv[optind - 1], optopt > 0 && optopt < OPT_LONG ? optopt : 0);
      return -1;
    }
    if (o->flag) {
      if (!strchr(flags, o->flag) && nf < MAX_OPTIONS) flags[nf++] = o->flag;
      flags[nf] = '\0';
    } else if (o->repeat) {
      if (repeated[o->slot].len) sb_putc(&repeated[o->slot], '\n');
      sb_puts(&repeated[o->slot], optarg);
      values[o->slot] = repeated[o->slot].buf;
    } else {
      values[o->slot] = optarg;
    }
  }
  *first = optind;
  return 0;
}

int choice_option(const char *cmd, const char *option, const char *value, const char *const *words) {
  int n = 0;
  for (; words[n]; n++)
    if (strcmp(value, words[n]) == 0) return n;
  strbuf fmt = {0};
  sb_printf(&fmt, "%s is ", option);
  for (int i = 0; i < n; i++) sb_printf(&fmt, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ", words[i]);
  sb_puts(&fmt, ", not '%s'");
  const char *const hint = read_suggest(value, words, n);
  if (hint) sb_printf(&fmt, " (did you mean '%s'?)", hint);
  usage_error(cmd, fmt.buf, value);
  sb_free(&fmt);
  return -1;
}

int format_option(const char *cmd, const char *value) {
  return value == NULL ? 0
                       : choice_option(cmd, "--format", value, (const char *const[]){"text", "json", NULL});
}

int number_option(const char *s, uint64_t lo, uint64_t hi, uint64_t *out) {
  if (!s || !*s) return -1;
  for (const char *p = s; *p; p++)
    if (*p < '0' || *p > '9') return -1;
  errno = 0;
  const unsigned long long v = strtoull(s, NULL, 10);
  if (errno || v < lo || v > hi) return -1;
  *out = v;
  return 0;
}

int shard_option(const char *cmd, const char *text, unsigned *shard, unsigned *of) {
  *shard = *of = 1;
  if (text == NULL) return 0;
  const char *slash = strchr(text, '/');
  char first[24];
  uint64_t i, n;
  const size_t len = slash ? (size_t)(slash - text) : 0;
  if (slash == NULL || len == 0 || len >= sizeof first)
    return usage_error(cmd, "--shard is I/N (for example 2/4), not '%s'", text);
  memcpy(first, text, len);
  first[len] = '\0';
  if (number_option(slash + 1, 1, 1000000, &n) || number_option(first, 1, n, &i))
    return usage_error(cmd, "--shard is I/N with 1 <= I <= N, not '%s'", text);
  *shard = (unsigned)i;
  *of = (unsigned)n;
  return 0;
}

int edition_option(const char *cmd, const char *value, int *edition) {
  *edition = value ? wolves_edition_find(value) : WOLVES_EDITION_DEFAULT;
  if (*edition >= 0) return 0;
  const char *names[WOLVES_EDITIONS];
  for (int e = 0; e < WOLVES_EDITIONS; e++) names[e] = wolves_edition_name(e);
  if (read_suggest(value, names, WOLVES_EDITIONS))
    return options_unknown(cmd, "edition", value, names, WOLVES_EDITIONS, "");
  return usage_error(cmd, "unknown edition '%s' (the editions: wolves, the default; en, pl, ru, uk, summary)",
                     value);
}
