// A client of the simulator's Web API as a Java developer writes one: java.net.http.HttpClient
// on its defaults (it offers an h2c upgrade on plain http), run as `java Client.java <base-url>`.
// Prints one line per step: STEP <name> <status> <body>.
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;

public class Client {
  static HttpClient http = HttpClient.newHttpClient();
  static String base;

  static void step(String name, String method, String path, String body) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path));
    if (body == null) b.method(method, BodyPublishers.noBody());
    else b.method(method, BodyPublishers.ofString(body)).header("Content-Type", "application/json");
    var res = http.send(b.build(), BodyHandlers.ofString());
    System.out.println("STEP " + name + " " + res.statusCode() + " " + res.body().replace('\n', ' '));
  }

  public static void main(String[] args) throws Exception {
    base = args[0];
    step("discover", "GET", "/api/tags", null);
    step("read-all", "GET", "/api/tag/values", null);
    step("read-by-name", "GET", "/api/tag/values/by-name", "[\"Counter\", \"Pallet sensor\"]");
    step("write", "PUT", "/api/tag/values/by-name", "[{\"name\": \"Conveyor entry\", \"value\": true}, {\"name\": \"Counter\", \"value\": 42}]");
    step("force", "PUT", "/api/tag/values-force/by-name", "[{\"name\": \"Pallet sensor\", \"value\": true}]");
    step("forced", "GET", "/api/tags/by-name/" + URLEncoder.encode("Pallet sensor", StandardCharsets.UTF_8).replace("+", "%20"), null);
    step("release", "PUT", "/api/tag/values-release/by-name", "[\"Pallet sensor\"]");
    step("fail", "PUT", "/api/tag/values-alwayson/by-name", "[{\"name\": \"High sensor\", \"value\": true}]");
    step("failed", "GET", "/api/tags/by-name/High%20sensor", null);
    step("clear", "PUT", "/api/tag/values-alwayson/by-name", "[{\"name\": \"High sensor\", \"value\": false}]");
    step("bad-json", "PUT", "/api/tag/values", "[{\"id\": ");
  }
}
