/**
 * A plain client of an OpenAI-compatible upstream (no SDK): POST a streamed chat completion and
 * yield its content deltas as they arrive. The benchmarks' direct client and fetch proxy.
 */
export async function* contentDeltas(baseUrl: string, prompt: string): AsyncGenerator<string> {
  const res = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { Authorization: 'Bearer sk-bench', 'Content-Type': 'application/json' },
    body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: prompt }] }),
  });
  if (!res.ok || !res.body) throw new Error(`upstream answered ${res.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of res.body) {
    buffer += decoder.decode(bytes, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (!line.startsWith('data:') || line === 'data: [DONE]') continue;
      const content = (JSON.parse(line.slice(5)) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content;
      if (content) yield content;
    }
  }
}
