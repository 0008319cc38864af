/* test_json_cases.h: the JSON record's "cases" table (doc/record-schema.md:
 * {"columns": [names], "rows": [[cells], ...]}) turned back into one
 * object per case, {column: cell}, for tests to look cells up by name.
 * Fails the test when the table is not of that shape (no other keys,
 * column names strings, each row an array of as many cells).  Include
 * after cmocka.h and jansson.h.  The caller owns the result. */
#ifndef FP_TEST_JSON_CASES_H
#define FP_TEST_JSON_CASES_H

static json_t *json_cases(json_t *root)
{
	json_t *t = json_object_get(root, "cases"), *out = json_array();
	json_t *cols = json_object_get(t, "columns");
	json_t *rows = json_object_get(t, "rows"), *row;
	size_t i;

	assert_true(json_is_object(t) && json_object_size(t) == 2);
	assert_true(json_is_array(cols) && json_is_array(rows));
	json_array_foreach(rows, i, row) {
		json_t *o = json_object();

		assert_true(json_is_array(row));
		assert_int_equal(json_array_size(row), json_array_size(cols));
		for (size_t k = 0; k < json_array_size(cols); k++) {
			json_t *name = json_array_get(cols, k);
			assert_true(json_is_string(name));
			assert_int_equal(json_object_set(o, json_string_value(name),
			                 json_array_get(row, k)), 0);
		}
		assert_int_equal(json_array_append_new(out, o), 0);
	}
	return out;
}

#endif
