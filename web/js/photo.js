// Where photos come in (the Photo input, which opens a phone's camera; drag-and-drop; paste) and
// the preview of the last one with the grid the reader found outlined on it.

const SVG = 'http://www.w3.org/2000/svg';

// A photo by its type, or by its name where the system gives HEIC no type (Linux, Windows).
const isPhoto = (file) => file.type.startsWith('image/') || /\.hei[cf]$/i.test(file.name || '');

export class PhotoPanel {
  // `onPhoto(file)` is called with every image the person gives.
  constructor({ input, dropZone, figure, image, outline }, onPhoto) {
    this.figure = figure;
    this.image = image;
    this.outline = outline;
    this.url = null;
    input.addEventListener('change', () => {
      if (input.files && input.files[0]) onPhoto(input.files[0]);
      input.value = '';  // the same photo chosen again is read again
    });
    dropZone.addEventListener('dragover', (event) => {
      event.preventDefault();
      dropZone.classList.add('dragging');
    });
    dropZone.addEventListener('dragleave', () => dropZone.classList.remove('dragging'));
    dropZone.addEventListener('drop', (event) => {
      event.preventDefault();
      dropZone.classList.remove('dragging');
      const file = [...(event.dataTransfer ? event.dataTransfer.files : [])]
        .find(isPhoto);
      if (file) onPhoto(file);
    });
    document.addEventListener('paste', (event) => {
      const item = [...(event.clipboardData ? event.clipboardData.items : [])]
        .find((i) => i.kind === 'file' && i.type.startsWith('image/'));
      if (item) {
        event.preventDefault();
        onPhoto(item.getAsFile());
      }
    });
  }

  // Shows the photo as the browser displays it (EXIF orientation applied, as the reader's
  // corners are) and outlines `corners` when given.
  show(file, corners, uncertainCorners) {
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = URL.createObjectURL(file);
    this.figure.hidden = false;
    const frame = this.image.parentElement;
    frame.hidden = false;
    this.image.onload = () => this.drawOutline(corners, uncertainCorners);
    // Most browsers cannot show a HEIC, which the server reads all the same: the reading and its
    // caption stand, only the preview goes.
    this.image.onerror = () => { frame.hidden = true; };
    this.image.src = this.url;
  }

  drawOutline(corners) {
    const width = this.image.naturalWidth;
    const height = this.image.naturalHeight;
    this.outline.setAttribute('viewBox', `0 0 ${width} ${height}`);
    this.outline.replaceChildren();
    if (!corners || corners.length !== 4) return;
    const polygon = document.createElementNS(SVG, 'polygon');
    polygon.setAttribute('points', corners.map(([x, y]) => `${x},${y}`).join(' '));
    polygon.setAttribute('class', 'grid-outline');
    polygon.setAttribute('stroke-width', String(Math.max(3, width / 200)));
    this.outline.append(polygon);
  }

  hide() {
    this.figure.hidden = true;
  }
}
