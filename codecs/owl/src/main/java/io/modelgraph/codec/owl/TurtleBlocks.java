package io.modelgraph.codec.owl;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.rdf4j.model.BNode;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Namespace;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.rio.WriterConfig;
import org.eclipse.rdf4j.rio.helpers.BasicWriterSettings;
import org.eclipse.rdf4j.rio.turtle.TurtleWriter;

/**
 * Writes a model as pretty-printed Turtle with blank nodes inlined, in time linear in the model. RDF4J's pretty
 * Turtle writer buffers the whole model and, for each subject it writes, scans every statement again to pick the
 * next one, which is quadratic: an ontology of a few thousand classes and restrictions took minutes. The statements
 * fall apart into blocks that share no blank node (a class with its restrictions, a property, an enumeration with
 * its list cells); each block is written by its own writer, so each scan covers one block. A blank node is inlined
 * only within its block, and every reference to a blank node is in the block holding it, so the text means the
 * same graph as one writer's would (docs/formats/owl.md).
 */
final class TurtleBlocks {
    private TurtleBlocks() {
    }

    static String write(Model model) {
        Map<Resource, Resource> parent = new HashMap<>();
        for (Statement st : model) {
            if (st.getObject() instanceof BNode b) {
                union(parent, st.getSubject(), b);
            } else {
                find(parent, st.getSubject());
            }
        }
        Map<Resource, List<Statement>> blocks = new LinkedHashMap<>();
        for (Statement st : model) {
            blocks.computeIfAbsent(find(parent, st.getSubject()), k -> new ArrayList<>()).add(st);
        }
        StringWriter text = new StringWriter();
        boolean first = true;
        for (List<Statement> block : blocks.values()) {
            Block writer = new Block(text, first);
            writer.startRDF();
            for (Namespace n : model.getNamespaces()) {
                writer.handleNamespace(n.getPrefix(), n.getName());
            }
            block.forEach(writer::handleStatement);
            writer.endRDF();
            first = false;
        }
        if (blocks.isEmpty()) {
            Block writer = new Block(text, true);
            writer.startRDF();
            for (Namespace n : model.getNamespaces()) {
                writer.handleNamespace(n.getPrefix(), n.getName());
            }
            writer.endRDF();
        }
        return text.toString();
    }

    /** The representative of a resource's block, with path halving, so a lookup costs about a constant. */
    private static Resource find(Map<Resource, Resource> parent, Resource r) {
        Resource at = r;
        Resource up = parent.putIfAbsent(at, at);
        while (up != null && !up.equals(at)) {
            Resource grand = parent.get(up);
            parent.put(at, grand);
            at = grand;
            up = parent.get(at);
        }
        return at;
    }

    private static void union(Map<Resource, Resource> parent, Resource a, Resource b) {
        Resource ra = find(parent, a);
        Resource rb = find(parent, b);
        if (!ra.equals(rb)) {
            parent.put(rb, ra);
        }
    }

    /** A pretty Turtle writer that writes the prefixes only in the first block. */
    private static final class Block extends TurtleWriter {
        private final boolean prefixes;

        Block(StringWriter out, boolean prefixes) {
            super(out);
            this.prefixes = prefixes;
            WriterConfig config = new WriterConfig();
            config.set(BasicWriterSettings.PRETTY_PRINT, true);
            config.set(BasicWriterSettings.INLINE_BLANK_NODES, true);
            setWriterConfig(config);
        }

        @Override
        protected void writeNamespace(String prefix, String name) throws IOException {
            if (prefixes) {
                super.writeNamespace(prefix, name);
            }
        }
    }
}
