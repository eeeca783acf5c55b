package io.modelgraph.exchange;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.ValidationMessage;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.codec.jsonld.JsonLdExportOptions;
import io.modelgraph.codec.jsonld.JsonLdWriter;
import io.modelgraph.exchange.jsonld.ProfileVocabulary;
import io.modelgraph.exchange.jsonschema.JsonSchemaExporter;
import io.modelgraph.exchange.jsonschema.Validators;
import io.modelgraph.exchange.profile.ImportProfile;
import io.modelgraph.exchange.profile.ProfileFormat;
import io.modelgraph.exchange.profile.ProfileStore;
import io.modelgraph.exchange.validate.CompiledSchemaCache;
import io.modelgraph.exchange.validate.SchemaTarget;
import io.modelgraph.exchange.validate.VersionedCache;
import io.modelgraph.graph.store.ProjectVersion;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.json.Json;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The read-side operations: exports and validateJSON. Parameters arrive parsed; this class checks them against the graph. */
public final class ExchangeOperations {
    private final SpaceModels spaces;
    private final ProfileStore profiles;
    private final CompiledSchemaCache cache;
    /** validateJSON's schema, root check and collision report per (project, target, profile) and version. */
    private final VersionedCache<ValidatorKey, Prepared> validators = new VersionedCache<>(MAX_VALIDATOR_BYTES,
            Prepared::bytes);
    /** Exported documents per (project, parameters) and version; a String's heap is two bytes a character. */
    private final VersionedCache<String, String> exports = new VersionedCache<>(MAX_EXPORT_BYTES,
            d -> 2L * d.length() + 64);
    /** The bound on the prepared validators kept (each holds a compiled schema; docs/reliability.md "Memory"). */
    public static final long MAX_VALIDATOR_BYTES = 64L * 1024 * 1024;
    /** The bound on the exported documents kept. */
    public static final long MAX_EXPORT_BYTES = 64L * 1024 * 1024;
    private static final Comparator<ValidationMessage> MESSAGE_ORDER = Comparator
            .comparing((ValidationMessage m) -> m.getInstanceLocation().toString())
            .thenComparing(ValidationMessage::getMessage);

    /** What a prepared validator is for: the call's parameters as given (spaceId or rootNodeId is empty). */
    private record ValidatorKey(String projectId, String spaceId, String rootNodeId, String configTypeId) {
    }
    /** Larger documents are not kept: the cache must stay small next to the function's memory. */
    private static final int MAX_CACHED_EXPORT_CHARS = 4_000_000;

    /** What validateJSON needs from the space, ready for a version: the compiled schema and the rename report. */
    public record Prepared(JsonSchema schema, List<Map<String, String>> labelCollisions, long bytes) {
        public Prepared {
            labelCollisions = List.copyOf(labelCollisions);
        }
    }

    /**
     * An estimate of a compiled schema's heap from its document's JSON text: networknt keeps a validator object
     * per keyword with its paths and the document's nodes, taken as 20 bytes per character of the text.
     */
    static long compiledBytes(JsonNode document) {
        return 20L * Json.write(document).length() + 4_096;
    }

    public ExchangeOperations(SpaceModels spaces, ProfileStore profiles, CompiledSchemaCache cache) {
        this.spaces = spaces;
        this.profiles = profiles;
        this.cache = cache;
    }

    /** An export's document for the project's current version: built once per version and container. */
    private String exported(String projectId, String key, java.util.function.Supplier<String> build) {
        long version = spaces.version(projectId).version();
        Optional<String> cached = exports.get(key, version);
        if (cached.isPresent()) {
            return cached.get();
        }
        String document = build.get();
        if (document.length() <= MAX_CACHED_EXPORT_CHARS) {
            exports.put(key, version, document);
        }
        return document;
    }

    /** exportJsonLd; {@code nodeIds} restricts the export to those model nodes (each must be in the space). */
    public String exportJsonLd(String projectId, String spaceId, String configTypeId, List<String> nodeIds,
            JsonLdExportOptions options) {
        return exported(projectId, String.join("|", "jsonld", projectId, spaceId, configTypeId, nodeIds.toString(),
                options.toString()), () -> buildJsonLd(projectId, spaceId, configTypeId, nodeIds, options));
    }

    private String buildJsonLd(String projectId, String spaceId, String configTypeId, List<String> nodeIds,
            JsonLdExportOptions options) {
        ImportProfile profile = profiles.require(projectId, ProfileFormat.JSON_LD, configTypeId, "query.configTypeId");
        JsonLdExportOptions.SpaceInfo space = spaces.requireSpace(projectId, spaceId, "query.spaceId");
        SpaceModels.Loaded loaded = spaces.load(projectId, space);
        JsonLdExportOptions effective = options;
        if (!nodeIds.isEmpty()) {
            Map<String, Node> inSpace = new LinkedHashMap<>();
            loaded.snapshot().nodes().forEach(n -> inSpace.put(n.id(), n));
            Set<String> names = new HashSet<>();
            for (int i = 0; i < nodeIds.size(); i++) {
                Node n = inSpace.get(nodeIds.get(i));
                if (n == null) {
                    throw ApiProblem.notFound("query.nodeIds[" + i + "]", "No node '" + nodeIds.get(i) + "' in space '"
                            + space.id() + "'.");
                }
                names.add(loaded.nameOf(n));
            }
            effective = new JsonLdExportOptions(options.exportTypes(), options.exportElements(),
                    options.exportTaxonomies(), options.exportDataTypes(), options.graphBased(),
                    options.useDefaultType(), options.space(), Optional.of(names));
        }
        String document = new JsonLdWriter(ProfileVocabulary.of(profile)).write(loaded.model(), effective);
        return loaded.collisions().renamed().isEmpty() ? document : withComment(document, loaded);
    }

    /**
     * The exports' report of disambiguated labels: a top-level {@code $comment} (a JSON Schema annotation; in
     * JSON-LD a term outside the context, which processors ignore) listing each rename.
     */
    static String withComment(String document, SpaceModels.Loaded loaded) {
        try {
            JsonNode doc = Json.parse(document);
            if (doc instanceof com.fasterxml.jackson.databind.node.ObjectNode o) {
                o.put("$comment", renames(loaded));
                return Json.writePretty(o);
            }
            return document;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("An export wrote unparseable JSON", e);
        }
    }

    private static String renames(SpaceModels.Loaded loaded) {
        return String.join(" ", loaded.collisions().renamed().stream()
                .map(io.modelgraph.graph.LabelCollisions.Renamed::describe).toList());
    }

    /** The root Type's model name: looked up by the node's id, so a label shared by two Types names the right one. */
    private static Optional<String> rootName(SpaceModels.Loaded loaded, SchemaTarget target) {
        return target.rootNodeId().flatMap(id -> loaded.snapshot().nodes().stream().filter(n -> n.id().equals(id))
                .findFirst().map(loaded::nameOf));
    }

    /** exportJsonSchema: the space's schema, rooted at rootNodeId when given. */
    public String exportJsonSchema(String projectId, Optional<String> spaceId, String configTypeId,
            Optional<String> rootNodeId, boolean useAnchorForRef) {
        return exported(projectId, String.join("|", "jsonschema", projectId, spaceId.orElse(""), configTypeId,
                rootNodeId.orElse(""), String.valueOf(useAnchorForRef)),
                () -> buildJsonSchema(projectId, spaceId, configTypeId, rootNodeId, useAnchorForRef));
    }

    private String buildJsonSchema(String projectId, Optional<String> spaceId, String configTypeId,
            Optional<String> rootNodeId, boolean useAnchorForRef) {
        profiles.require(projectId, ProfileFormat.JSON_SCHEMA, configTypeId, "query.configTypeId");
        SchemaTarget target = target(projectId, spaceId, rootNodeId, false);
        SpaceModels.Loaded loaded = spaces.load(projectId, target.space());
        Optional<String> root = checkRoot(loaded, target);
        com.fasterxml.jackson.databind.node.ObjectNode schema = JsonSchemaExporter.export(loaded.model(), root,
                useAnchorForRef);
        if (!loaded.collisions().renamed().isEmpty()) {
            schema.put("$comment", renames(loaded));
        }
        return Json.writePretty(schema);
    }

    /**
     * validateJSON: exactly one of spaceId and rootNodeId. Reads the project's version (one item) and validates
     * with what was prepared for that version; the space is loaded only when the version moved (or the container
     * is cold).
     */
    public Map<String, Object> validate(String projectId, String configTypeId, String jsonString,
            Optional<String> spaceId, Optional<String> rootNodeId) {
        return validateAt(spaces.version(projectId), projectId, configTypeId, jsonString, spaceId, rootNodeId);
    }

    /** validateJSON's POST form: the document already read from the body. */
    public Map<String, Object> validateDocument(String projectId, String configTypeId, JsonNode instance,
            Optional<String> spaceId, Optional<String> rootNodeId) {
        return validateInstance(spaces.version(projectId), projectId, configTypeId, instance, spaceId, rootNodeId);
    }

    /** validateJSON at a version already read (the bench times this part apart from the one item read). */
    public Map<String, Object> validateAt(ProjectVersion.Stamp version, String projectId, String configTypeId,
            String jsonString, Optional<String> spaceId, Optional<String> rootNodeId) {
        return validateInstance(version, projectId, configTypeId, instance(jsonString), spaceId, rootNodeId);
    }

    private Map<String, Object> validateInstance(ProjectVersion.Stamp version, String projectId, String configTypeId,
            JsonNode instance, Optional<String> spaceId, Optional<String> rootNodeId) {
        ValidatorKey key = new ValidatorKey(projectId, spaceId.orElse(""), rootNodeId.orElse(""), configTypeId);
        Optional<Prepared> cached = validators.get(key, version.version());
        Prepared prepared;
        if (cached.isPresent()) {
            prepared = cached.get();
        } else {
            prepared = prepare(projectId, configTypeId, spaceId, rootNodeId);
            validators.put(key, version.version(), prepared);
        }
        java.util.Set<ValidationMessage> found;
        try {
            found = prepared.schema().validate(instance);
        } catch (com.networknt.schema.JsonSchemaException e) {
            // keywords kept verbatim from the merged schema may reference documents no one may load here, or hold
            // a pattern Java's regular expressions cannot compile
            throw new ApiProblem(422, spaceId.isPresent() ? "query.spaceId" : "query.rootNodeId",
                    "The space's schema cannot be evaluated: " + e.getMessage());
        } catch (StackOverflowError e) {
            throw new ApiProblem(422, spaceId.isPresent() ? "query.spaceId" : "query.rootNodeId",
                    "The space's schema recurses without end on this instance; it cannot be evaluated.");
        }
        List<ValidationMessage> messages = found.isEmpty() ? List.of() : new ArrayList<>(found);
        if (messages.size() > 1) {
            messages.sort(MESSAGE_ORDER);
        }
        List<String> errors = messages.isEmpty() ? List.of() : new ArrayList<>(messages.size());
        for (ValidationMessage m : messages) {
            // networknt already starts its message with the instance path ("$.age: must ..."); keep one prefix
            String where = m.getInstanceLocation().toString();
            errors.add(m.getMessage().startsWith(where) ? m.getMessage() : where + ": " + m.getMessage());
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("isValid", errors.isEmpty());
        out.put("jsonSchemaValidationErrors", errors);
        if (!prepared.labelCollisions().isEmpty()) {
            // say which Types were disambiguated, so the error paths ($defs names) can be read
            out.put("labelCollisions", prepared.labelCollisions());
        }
        return out;
    }

    private static JsonNode instance(String jsonString) {
        JsonNode instance;
        try {
            instance = Json.parse(jsonString);
        } catch (JsonProcessingException e) {
            throw ApiProblem.badRequest("query.jsonString", "jsonString is not valid JSON"
                    + io.modelgraph.json.Json.problem(e));
        }
        if (instance == null || instance.isMissingNode()) {
            throw ApiProblem.badRequest("query.jsonString", "jsonString is empty.");
        }
        return instance;
    }

    /** Loads the space, checks the parameters against it and compiles its schema (cold, or the version moved). */
    private Prepared prepare(String projectId, String configTypeId, Optional<String> spaceId,
            Optional<String> rootNodeId) {
        profiles.require(projectId, ProfileFormat.JSON_SCHEMA, configTypeId, "query.configTypeId");
        SchemaTarget target = target(projectId, spaceId, rootNodeId, true);
        SpaceModels.Loaded loaded = spaces.load(projectId, target.space());
        Optional<String> root = checkRoot(loaded, target);
        String key = projectId + "|" + target.space().id() + "|" + target.rootNodeId().orElse("") + "|"
                + configTypeId;
        try {
            CompiledSchemaCache.Compiled compiled = cache.get(key, loaded.fingerprint(), () -> {
                JsonNode document = JsonSchemaExporter.export(loaded.model(), root, false);
                return new CompiledSchemaCache.Compiled(Validators.compile(document), compiledBytes(document));
            });
            List<Map<String, String>> collisions = loaded.collisions().renamed().stream().map(r -> Map.of("nodeId",
                    r.nodeId(), "label", r.label(), "name", r.name())).toList();
            return new Prepared(compiled.schema(), collisions, compiled.bytes() + 256L * collisions.size());
        } catch (com.networknt.schema.JsonSchemaException e) {
            throw new ApiProblem(422, spaceId.isPresent() ? "query.spaceId" : "query.rootNodeId",
                    "The space's schema cannot be evaluated: " + e.getMessage());
        }
    }

    /**
     * Resolves spaceId / rootNodeId. A root node is a Type (the schema's root) or a Space (the whole space); its
     * space is the given spaceId when the node is in it, else the node's first space.
     */
    private SchemaTarget target(String projectId, Optional<String> spaceId, Optional<String> rootNodeId,
            boolean exactlyOne) {
        if (exactlyOne && spaceId.isPresent() == rootNodeId.isPresent()) {
            throw ApiProblem.badRequest(spaceId.isPresent() ? "query.rootNodeId" : "query.spaceId",
                    "Give exactly one of spaceId and rootNodeId" + (spaceId.isPresent() ? ", not both." : "."));
        }
        if (rootNodeId.isEmpty()) {
            String id = spaceId.orElseThrow(() -> ApiProblem.badRequest("query.spaceId",
                    "Give spaceId or rootNodeId."));
            return new SchemaTarget(spaces.requireSpace(projectId, id, "query.spaceId"), Optional.empty(),
                    Optional.empty());
        }
        Node root = spaces.requireNode(projectId, rootNodeId.get(), "query.rootNodeId");
        if (root.nodeType() == NodeType.Space) {
            return new SchemaTarget(spaces.requireSpace(projectId, root.id(), "query.rootNodeId"), Optional.empty(),
                    Optional.empty());
        }
        if (root.nodeType() != NodeType.Type) {
            throw ApiProblem.badRequest("query.rootNodeId", "Node '" + root.id() + "' is a " + root.nodeType()
                    + "; the root of a JSON Schema is a Type (or a Space for the whole space).");
        }
        String space = spaceId.filter(s -> root.spaceIds().contains(s)).orElse(root.spaceIds().get(0));
        if (spaceId.isPresent() && !space.equals(spaceId.get())) {
            throw ApiProblem.badRequest("query.rootNodeId", "Node '" + root.id() + "' is not in space '"
                    + spaceId.get() + "'.");
        }
        return new SchemaTarget(spaces.requireSpace(projectId, space, "query.spaceId"), Optional.of(root.id()),
                Optional.of(root.label()));
    }

    private static Optional<String> checkRoot(SpaceModels.Loaded loaded, SchemaTarget target) {
        Optional<String> root = rootName(loaded, target);
        if (target.rootNodeId().isPresent() && (root.isEmpty()
                || loaded.model().types().stream().map(TypeDef::name).noneMatch(root.get()::equals))) {
            throw ApiProblem.badRequest("query.rootNodeId", "Type '" + target.rootType().orElse("") + "' (node "
                    + target.rootNodeId().get() + ") is not part of the model of space '" + loaded.space().id() + "'.");
        }
        return root;
    }

}
