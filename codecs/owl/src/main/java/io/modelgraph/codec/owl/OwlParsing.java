package io.modelgraph.codec.owl;

import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import java.io.IOException;
import java.io.StringReader;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.impl.LinkedHashModel;
import org.eclipse.rdf4j.rio.ParserConfig;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.RDFParseException;
import org.eclipse.rdf4j.rio.RDFParser;
import org.eclipse.rdf4j.rio.Rio;
import org.eclipse.rdf4j.rio.helpers.BasicParserSettings;
import org.eclipse.rdf4j.rio.helpers.StatementCollector;
import org.eclipse.rdf4j.rio.helpers.XMLParserSettings;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.XMLReader;

/**
 * Parses an ontology with RDF4J Rio, the syntax detected from the content (the corpus has Turtle named
 * {@code .owl}): RDF/XML when the text starts with {@code <}, Turtle otherwise. RDF/XML is read by a SAX reader
 * this class configures: no DTD or external entity is ever fetched (an external entity resolves to nothing),
 * internal entities are expanded (BFO 1.1 declares its namespaces that way) but bounded.
 */
final class OwlParsing {
    /** Internal entity expansions allowed per document (the JDK default is 64,000 under secure processing). */
    static final int MAX_ENTITY_EXPANSIONS = 10_000;
    static final String BASE = "urn:modelgraph:ontology:";

    enum Syntax {
        TURTLE, RDFXML
    }

    static Syntax detect(String text) {
        String s = text.stripLeading();
        if (s.startsWith("\uFEFF")) {
            s = s.substring(1).stripLeading();
        }
        return s.startsWith("<") ? Syntax.RDFXML : Syntax.TURTLE;
    }

    static Model parse(String text) throws SchemaSyntaxException {
        ParserLimits.checkSize(text);
        Syntax syntax = detect(text);
        RDFParser parser = Rio.createParser(syntax == Syntax.TURTLE ? RDFFormat.TURTLE : RDFFormat.RDFXML);
        ParserConfig config = new ParserConfig();
        config.set(BasicParserSettings.VERIFY_URI_SYNTAX, false);
        if (syntax == Syntax.RDFXML) {
            config.set(XMLParserSettings.CUSTOM_XML_READER, safeReader());
        }
        parser.setParserConfig(config);
        Model model = new LinkedHashModel();
        parser.setRDFHandler(new StatementCollector(model));
        try {
            parser.parse(new StringReader(text), BASE);
        } catch (RDFParseException e) {
            String where = e.getLineNumber() > 0 ? "line " + e.getLineNumber()
                    + (e.getColumnNumber() > 0 ? ", column " + e.getColumnNumber() : "") : "$";
            throw new SchemaSyntaxException(where, "Malformed " + (syntax == Syntax.TURTLE ? "Turtle" : "RDF/XML")
                    + ": " + cleanMessage(e.getMessage()));
        } catch (IOException | RuntimeException e) {
            throw new SchemaSyntaxException("$", "The ontology could not be read: " + e.getMessage());
        } catch (StackOverflowError e) {
            throw new SchemaSyntaxException("$", "The ontology nests too deeply to read.");
        }
        return model;
    }

    /** Rio appends " [line L, column C]"; the location is in the error's path already. */
    private static String cleanMessage(String m) {
        return m == null ? "" : m.replaceAll("\\s*\\[line \\d+(, column \\d+)?]\\s*$", "");
    }

    static XMLReader safeReader() throws SchemaSyntaxException {
        try {
            SAXParserFactory f = SAXParserFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://xml.org/sax/features/external-general-entities", false);
            f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            XMLReader r = f.newSAXParser().getXMLReader();
            r.setProperty("http://www.oracle.com/xml/jaxp/properties/entityExpansionLimit",
                    Integer.toString(MAX_ENTITY_EXPANSIONS));
            // belt and braces: any external entity or DTD that is still asked for resolves to empty text
            r.setEntityResolver((publicId, systemId) -> new InputSource(new StringReader("")));
            return r;
        } catch (ParserConfigurationException | SAXException e) {
            throw new SchemaSyntaxException("$", "The XML reader could not be configured safely: " + e.getMessage());
        }
    }

    private OwlParsing() {
    }
}
