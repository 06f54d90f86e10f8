// Share bar: "Copy position code" and "Save replay" for the app, with no server path.
// Traitlets (ui/share.ShareBar): `code` (Python -> JS, the position's code), `replay` (bytes, the
// replay page) with `filename`, `status` (text); the requests `code_requested`, `replay_requested`
// (JS -> Python: counters) and the answers `code_answered`, `replay_answered` (Python -> JS:
// counters, counted up once `code` or `replay` is set, so the same answer twice is still one).
// When the answer to a press arrives the code goes to the clipboard (and stays in the field,
// selected, if the browser refuses), and the page is handed to the browser as a download (a Blob
// link, clicked; the link stays for another try).

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export default {
  render({ model, el: host }) {
    const root = el("div", "mp-share-bar");
    const copy = el("button", "mp-action mp-share-copy", "Copy position code");
    copy.type = "button";
    copy.title = "the position as a short text: mp.load(code) in a notebook gives it back";
    const save = el("button", "mp-action mp-share-save", "Save replay");
    save.type = "button";
    save.title = "download the game so far as one HTML page: the map, the log and the boards at every step";
    const field = el("input", "mp-share-code");
    Object.assign(field, { readOnly: true, spellcheck: false, placeholder: "position code" });
    field.setAttribute("aria-label", "position code");
    const status = el("span", "mp-muted mp-share-status");
    const link = el("a", "mp-share-link");
    link.hidden = true;
    root.append(copy, save, field, status, link);
    host.appendChild(root);
    let url = null;
    let copying = false;
    let saving = false;

    const ask = (name) => {
      model.set(name, model.get(name) + 1);
      model.save_changes();
    };
    copy.addEventListener("click", () => {
      copying = true;
      ask("code_requested");
    });
    save.addEventListener("click", () => {
      saving = true;
      status.textContent = "making the replay page…";
      ask("replay_requested");
    });
    field.addEventListener("focus", () => field.select());

    const onCode = async () => {
      field.value = model.get("code");
      if (!copying) return;
      copying = false;
      try {
        await navigator.clipboard.writeText(field.value);
        status.textContent = "code copied";
      } catch (e) {
        field.focus();
        field.select();
        status.textContent = "the browser did not let the code be copied: it is selected, press Ctrl+C";
      }
    };
    const onReplay = () => {
      const data = model.get("replay");
      if (!data || !data.byteLength) return;
      if (url) URL.revokeObjectURL(url);
      url = URL.createObjectURL(new Blob([data], { type: "text/html" }));
      link.href = url;
      link.download = model.get("filename");
      link.textContent = `download ${model.get("filename")} again`;
      link.hidden = false;
      if (saving) {
        saving = false;
        link.click();
      }
    };
    const onStatus = () => (status.textContent = model.get("status"));
    model.on("change:code_answered", onCode);
    model.on("change:replay_answered", onReplay);
    model.on("change:status", onStatus);
    field.value = model.get("code");
    return () => {
      model.off("change:code_answered", onCode);
      model.off("change:replay_answered", onReplay);
      model.off("change:status", onStatus);
      if (url) URL.revokeObjectURL(url);
    };
  },
};
