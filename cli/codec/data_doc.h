/* data_doc.h - `data:` overrides of the component data (the numbers the
 * manual's pictures carried), by the field names of core/data.c. */
#ifndef CLI_DATA_DOC_H
#define CLI_DATA_DOC_H

#include "doc.h"
#include "emit.h"
#include "wolves.h"

typedef struct {
  wolves_data value;
  unsigned char set[sizeof(wolves_data)]; /* 1 where value overrides */
} data_overrides;

/* The data field name nearest to word (a typo's "did you mean"), or NULL. */
const char *data_field_suggest(const char *word);
int data_read(const doc_node *map, data_overrides *ov, cli_err *e);
void data_apply(const data_overrides *ov, wolves_data *d);
/* Every field with its values in data (the defaults for nplayers, or
 * overridden), length, kind, range, provenance and source note for the side
 * of the boards nplayers uses (`wolves data`). */
doc_node *data_list(doc *d, const wolves_data *data, int nplayers);
/* The fields that differ from the defaults for the player count, or NULL. */
doc_node *data_write(doc *d, const wolves_data *data, int nplayers);
/* The same under key (see emit.h), when there are any: 1; else nothing
 * is emitted, 0. */
int data_emit(emitter *em, const char *key, const wolves_data *data, int nplayers);

#endif
