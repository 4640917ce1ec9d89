/* bundled.c - see bundled.h. */
#include "bundled.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "actions_doc.h"

static void list_add(file_list *l, const char *path) {
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 64;
    l->path = realloc(l->path, l->cap * sizeof *l->path);
  }
  const size_t len = strlen(path) + 1;
  l->path[l->n++] = memcpy(malloc(len), path, len);
}

/* Every file under dir whose name ends in suffix. */
static void walk(file_list *l, const char *dir, const char *suffix) {
  DIR *d = opendir(dir);
  if (!d) return;
  for (struct dirent *e; (e = readdir(d)) != NULL;) {
    if (e->d_name[0] == '.') continue;
    char path[4096];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (stat(path, &st) != 0) continue;
    const size_t n = strlen(path), k = strlen(suffix);
    if (S_ISDIR(st.st_mode))
      walk(l, path, suffix);
    else if (n > k && strcmp(path + n - k, suffix) == 0)
      list_add(l, path);
  }
  closedir(d);
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

file_list find_files(const char *dir, const char *suffix) {
  file_list l = {0};
  walk(&l, dir, suffix);
  if (l.n) qsort(l.path, l.n, sizeof *l.path, by_name);
  return l;
}

void list_free(file_list *l) {
  for (size_t i = 0; i < l->n; i++) free(l->path[i]);
  free(l->path);
}

char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  for (size_t got; (got = fread(buf + n, 1, cap - n - 1, f)) > 0;) {
    n += got;
    if (n + 1 == cap) buf = realloc(buf, cap *= 2);
  }
  fclose(f);
  buf[n] = '\0';
  *len = n;
  return buf;
}

int load(loaded *sc, const char *path) {
  cli_err e = {0};
  size_t len;
  memset(sc, 0, sizeof *sc);
  doc_init(&sc->in, path);
  doc_init(&sc->start, path);
  if (!(sc->text = slurp(path, &len)) || doc_parse(&sc->in, sc->text, len, &e)) return -1;
  const doc_node *root = sc->in.root, *state = root, *n;
  if ((n = doc_get(root, "state"))) state = n;
  if ((n = doc_get(root, "start"))) {
    char file[4096];
    snprintf(file, sizeof file, "%.*s%s", (int)(strrchr(path, '/') + 1 - path), path, n->str);
    if (!(sc->start_text = slurp(file, &len)) || doc_parse(&sc->start, sc->start_text, len, &e)) return -1;
    state = sc->start.root;
  }
  if (state_read(state, &sc->pos, 0, &e)) return -1;
  return actions_read(doc_get(root, "actions"), &sc->pos.g, &sc->pos.s, &sc->actions, &sc->nactions, &e);
}

void unload(loaded *sc) {
  doc_free(&sc->in);
  doc_free(&sc->start);
  free(sc->text);
  free(sc->start_text);
  free(sc->actions);
  position_free(&sc->pos);
}
