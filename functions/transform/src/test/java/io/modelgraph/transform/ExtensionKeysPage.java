package io.modelgraph.transform;

import io.modelgraph.codec.Format;
import io.modelgraph.schema.ExtensionKey;
import java.util.List;

/** Renders docs/extension-keys.md from the format providers' declared keys. */
final class ExtensionKeysPage {
    static String render(List<Format> formats) {
        StringBuilder out = new StringBuilder();
        out.append("# Extension keys: what each format keeps beyond the model's fields\n\n");
        out.append("A codec keeps the facts of its format that the canonical model has no field for as annotations\n");
        out.append("named `<format>.<fact>` on the model, a type, an element, a taxonomy or a relationship, so a\n");
        out.append("document re-exports whole. Each format's provider declares these keys (`Format.extensions()`);\n");
        out.append("the graph stores them as text (JSON text for structured values). This page is generated from\n");
        out.append("the providers and checked by `ExtensionKeysTest`, which also checks that every key a codec\n");
        out.append("writes is declared. A key whose type is *text per name* is a family: one annotation\n");
        out.append("`<key>.<name>` per name the document chooses. See [formats.md](formats.md) for the formats.\n");
        for (Format f : formats) {
            out.append("\n## ").append(f.key()).append("\n\n");
            List<ExtensionKey<?>> keys = f.extensions();
            if (keys.isEmpty()) {
                out.append("No keys: this format keeps nothing beyond the model's fields.\n");
                continue;
            }
            out.append("| Key | Type | What it keeps |\n|---|---|---|\n");
            for (ExtensionKey<?> k : keys) {
                out.append("| `").append(k.key()).append(k.isFamily() ? ".<name>" : "").append("` | ")
                        .append(k.typeName()).append(" | ").append(k.description().replace("|", "\\|"))
                        .append(" |\n");
            }
        }
        return out.toString();
    }

    private ExtensionKeysPage() {
    }
}
