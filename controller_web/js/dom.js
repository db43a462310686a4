// The one DOM helper: builds elements and sets text with textContent only, never as HTML.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") node.textContent = String(value);
    else if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else if (name === "class") node.setAttribute("class", value);
    else if (name === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) node.style.setProperty(prop, v);
    }
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of [].concat(children || [])) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Return a new HTML element `tag` with attributes (`text` sets textContent) and children. */
export function el(tag, attrs, children) {
  return fill(document.createElement(tag), attrs, children);
}

/** Return a new SVG element `tag`, like el(). */
export function svg(tag, attrs, children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Replace the children of `node` with `children`. */
export function replace(node, children) {
  node.replaceChildren(...[].concat(children).filter((c) => c !== null && c !== undefined && c !== false));
}
