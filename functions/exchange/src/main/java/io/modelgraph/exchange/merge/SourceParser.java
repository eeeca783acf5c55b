package io.modelgraph.exchange.merge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.exchange.fetch.SourceRef;
import io.modelgraph.http.ApiRequest;
import io.modelgraph.http.Body;
import io.modelgraph.json.Json;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads SourceDtos from the body (an array, or an object with a {@code SourceDtos} member) or from the query
 * parameter of that name holding the same JSON. Each entry is either a repository file (Owner, Repository,
 * Branch, FilePath) read at {@code <repoRawBaseUrl>/<Owner>/<Repository>/<Branch>/<FilePath>}, or a FileUrl.
 */
public final class SourceParser {
    public static final int MAX_SOURCES = 20;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._\\-]{1,100}");

    public static List<SourceRef> parse(ApiRequest request, String repoRawBaseUrl) {
        Optional<String> inQuery = request.queryString("SourceDtos");
        boolean inBody = request.hasBody();
        if (inQuery.isPresent() && inBody) {
            throw ApiProblem.badRequest("SourceDtos", "Give SourceDtos either in the body or as a query parameter, "
                    + "not both.");
        }
        JsonNode root;
        String where;
        if (inBody) {
            root = request.jsonBody();
            where = "body";
        } else if (inQuery.isPresent()) {
            where = "query.SourceDtos";
            try {
                root = Json.parse(inQuery.get());
            } catch (JsonProcessingException e) {
                throw ApiProblem.badRequest(where, "SourceDtos is not valid JSON"
                        + Json.problem(e));
            }
        } else {
            throw ApiProblem.badRequest("SourceDtos", "SourceDtos is required: a JSON array of sources in the body "
                    + "(or an object with a SourceDtos member), or the same JSON in the SourceDtos query parameter.");
        }
        JsonNode list = root;
        if (root.isObject()) {
            String at = where + ".SourceDtos";
            list = new Body(root, where).member("SourceDtos").orElseThrow(() -> ApiProblem.badRequest(at,
                    "SourceDtos is required."));
            where = where + ".SourceDtos";
        }
        if (!list.isArray() || list.isEmpty()) {
            throw ApiProblem.badRequest(where, "SourceDtos must be a non-empty array of sources.");
        }
        if (list.size() > MAX_SOURCES) {
            throw ApiProblem.badRequest(where, "At most " + MAX_SOURCES + " sources per merge.");
        }
        List<SourceRef> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String path = where + "[" + i + "]";
            if (!list.get(i).isObject()) {
                throw ApiProblem.badRequest(path, "A source must be an object with FileUrl, or with Owner, Repository, "
                        + "Branch and FilePath.");
            }
            Body source = new Body(list.get(i), path);
            io.modelgraph.http.KnownNames.requireKnownMembers(source,
                    List.of("FileUrl", "Owner", "Repository", "Branch", "FilePath"));
            out.add(entry(source, repoRawBaseUrl));
        }
        return List.copyOf(out);
    }

    private static SourceRef entry(Body e, String base) {
        boolean repo = e.has("Owner") || e.has("Repository") || e.has("Branch") || e.has("FilePath");
        if (e.has("FileUrl") && repo) {
            throw ApiProblem.badRequest(e.path(), "A source has either FileUrl or the repository fields "
                    + "(Owner, Repository, Branch, FilePath), not both.");
        }
        if (e.has("FileUrl")) {
            String text = e.requiredString("FileUrl").trim();
            URI url;
            try {
                url = new URI(text);
            } catch (URISyntaxException ex) {
                throw ApiProblem.badRequest(e.at("FileUrl"), "'" + text + "' is not a valid URL: " + ex.getReason()
                        + ".");
            }
            if (!url.isAbsolute()) {
                throw ApiProblem.badRequest(e.at("FileUrl"), "'" + text + "' is not an absolute URL.");
            }
            return new SourceRef(e.at("FileUrl"), url, "url:" + text);
        }
        if (!repo) {
            throw ApiProblem.badRequest(e.path(), "A source needs FileUrl, or Owner, Repository, Branch and FilePath.");
        }
        String owner = name(e, "Owner");
        String repository = name(e, "Repository");
        String branch = e.requiredString("Branch");
        String file = e.requiredString("FilePath");
        String url = base.replaceAll("/+$", "") + "/" + owner + "/" + repository + "/" + segments(e, "Branch", branch)
                + "/" + segments(e, "FilePath", file.startsWith("/") ? file.substring(1) : file);
        try {
            return new SourceRef(e.at("FilePath"), new URI(url), true,
                    "repo:" + owner + "/" + repository + "@" + branch + ":" + file, owner, repository);
        } catch (URISyntaxException ex) {
            throw ApiProblem.badRequest(e.path(), "The repository fields do not make a valid URL: " + ex.getReason());
        }
    }

    private static String name(Body e, String field) {
        String v = e.requiredString(field);
        if (!NAME.matcher(v).matches() || v.equals(".") || v.equals("..")) {
            throw ApiProblem.badRequest(e.at(field), field + " must be 1 to 100 characters from A-Z a-z 0-9 . _ -.");
        }
        return v;
    }

    /** Path segments, each percent-encoded; '.' and '..' are refused so a source cannot climb out of its repository. */
    private static String segments(Body e, String field, String value) {
        List<String> out = new ArrayList<>();
        for (String s : value.split("/", -1)) {
            if (s.isEmpty() || s.equals(".") || s.equals("..")) {
                throw ApiProblem.badRequest(e.at(field), field + " must not have empty, '.' or '..' segments.");
            }
            out.add(java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20"));
        }
        return String.join("/", out);
    }

    private SourceParser() {
    }
}
