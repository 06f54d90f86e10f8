# Voilà's settings for the app page notebooks/play.ipynb, installed with mp_notebook into
# <environment>/etc/jupyter/ (pip install ".[notebook]"; Binder the same way): `voila
# notebooks/play.ipynb` and Voilà inside a Jupyter server (/voila/render/...) load the page with no
# request off the machine and no console error or warning, gzipped.
# - the "mp_notebook" template (share/jupyter/voila/templates/mp_notebook): Voilà's "lab" template
#   without its two Font Awesome stylesheets from a CDN;
# - only the lab extensions the page uses: Notebook 7's, the Pygments theme's and plotly's mimetype
#   renderer are built for a newer JupyterLab than Voilà's page (each logs "Unsatisfied version"
#   warnings) and the app draws nothing with them;
# - the standalone `voila` command compresses the kernel's websocket messages and gzips its HTTP
#   responses (a Jupyter server does both by jupyter_server_config.json). Voilà applies its
#   tornado_settings after making its web application, when tornado has already decided against
#   gzip, so the gzip transform is added before it listens.
c = get_config()  # noqa: F821  (traitlets' config loader provides get_config)
c.VoilaConfiguration.template = "mp_notebook"
c.VoilaConfiguration.extension_denylist = ["@jupyter-notebook/lab-extension", "jupyterlab_pygments",
                                           "jupyterlab-plotly"]
c.Voila.tornado_settings = {"compress_response": True, "websocket_compression_options": {}}


def _gzip_standalone_voila() -> None:
    import sys

    from tornado.web import GZipContentEncoding
    from traitlets.config import Application

    # The running `voila` command is an Application of voila.app (imported by then); a Jupyter
    # server, which gzips by itself, must not import voila.app (it breaks the kernels' messages).
    running = Application.instance() if Application.initialized() else None
    app = sys.modules.get("voila.app")
    if app is None or not isinstance(running, app.Voila):
        return
    voila = running
    listen = voila.listen

    def gzip_then_listen() -> None:
        if GZipContentEncoding not in voila.app.transforms:
            voila.app.transforms.append(GZipContentEncoding)
        listen()

    voila.listen = gzip_then_listen


_gzip_standalone_voila()
