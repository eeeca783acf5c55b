package io.modelgraph.integrations.capture;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parsed data dictionary: its fields in file order and what the reader noticed on the way (the header style,
 * the character set, a repaired header cell). {@code fingerprint} is the SHA-256 of the artifact's bytes.
 */
public record DataDictionary(List<DictionaryField> fields, HeaderStyle headerStyle, String charset,
        List<String> readerNotes, String fingerprint) {

    public enum HeaderStyle {
        /** the 18 headers REDCap's data dictionary download writes */
        STANDARD,
        /** the API's {@code field_name} style headers */
        API,
        /** older spellings, missing columns or a repaired cell */
        LEGACY
    }

    public DataDictionary {
        fields = List.copyOf(fields);
        readerNotes = List.copyOf(readerNotes);
    }

    /** Forms (instruments) in the order they first appear, each with its fields in order. */
    public Map<String, List<DictionaryField>> forms() {
        Map<String, List<DictionaryField>> out = new LinkedHashMap<>();
        // a form's fields are normally contiguous: the map is consulted only where the form changes
        String form = null;
        List<DictionaryField> current = null;
        for (DictionaryField f : fields) {
            if (current == null || !f.form().equals(form)) {
                form = f.form();
                current = out.computeIfAbsent(form, k -> new ArrayList<>());
            }
            current.add(f);
        }
        return out;
    }
}
