"""The local web app (``mythenv serve``, the serve extra) and the self-contained replay page.

``page`` needs only Pillow (frames as PNG); ``app`` is the FastAPI app over the same State, record
and picture layers.
"""
